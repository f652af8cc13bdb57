//! /compte/parametrage: identity, e-mail, password, addresses (with company), payment terms,
//! two-factor, the account's open sessions, and the RGPD rights (data export, deletion).
import { Loading } from '@/components/ui/loading';
import { Page } from '@/components/ui/page';
import { useMe, type Address } from '@/lib/api/me';
import { AccountDeletion } from '../components/account-deletion';
import { AddressBook } from '../components/address-book';
import { DataExport } from '../components/data-export';
import { EmailChange } from '../components/email-change';
import { IdentityForm } from '../components/identity-form';
import { PasswordChange } from '../components/password-change';
import { PaymentTermsRequest } from '../components/payment-terms-request';
import { SessionsList } from '../components/sessions-list';
import { SettingsSection } from '../components/settings-section';
import { TwoFactorSetup } from '../components/two-factor-setup';

export default function SettingsPage() {
  const { data: me, isPending, isError, refetch } = useMe();
  if (isPending) return <Loading />;
  if (isError || !me) {
    return (
      <Page title="Paramètres du compte">
        <p className="card">
          Impossible de charger votre compte pour le moment.{' '}
          <button type="button" className="p-button p-button-text" onClick={() => refetch()}>
            Réessayer
          </button>
        </p>
      </Page>
    );
  }
  return (
    <Page title="Paramètres du compte" lead="Vos informations personnelles, vos adresses et la sécurité de votre compte.">
      <div className="stack">
        <SettingsSection id="identite" title="Identité">
          <IdentityForm me={me} />
        </SettingsSection>
        <SettingsSection id="email" title="Adresse e-mail" intro="Un code est envoyé à la nouvelle adresse pour vérifier qu’elle vous appartient ; l’ancienne adresse est prévenue du changement.">
          <EmailChange email={me.email} secondFactor={Boolean(me.two_factor_enabled)} />
        </SettingsSection>
        <SettingsSection id="mot-de-passe" title="Mot de passe" intro="Saisissez votre mot de passe actuel puis le nouveau. Vos autres sessions seront déconnectées.">
          <PasswordChange email={me.email} />
        </SettingsSection>
        <SettingsSection id="adresses" title="Adresses et entreprise" intro="Adresses de livraison et de facturation. Indiquez l’entreprise et son numéro de TVA pour des factures à son nom.">
          <AddressBook addresses={me.adresses ?? []} />
        </SettingsSection>
        <SettingsSection
          id="paiement-30-jours"
          title="Paiement à 30 jours"
          intro="Pour les entreprises : vos commandes partent en fabrication sans attendre le paiement, et chaque facture se règle par virement dans les 30 jours, dans la limite d’un encours que nous vous accordons."
        >
          <PaymentTermsRequest company={firstCompany(me.adresses ?? [])} />
        </SettingsSection>
        <SettingsSection id="double-authentification" title="Double authentification" intro="Un code à usage unique, généré par une application sur votre téléphone, est demandé à chaque connexion.">
          <TwoFactorSetup enabled={Boolean(me.two_factor_enabled)} />
        </SettingsSection>
        <SettingsSection id="sessions" title="Mes sessions" intro="Les navigateurs connectés à votre compte. Déconnectez ceux que vous ne reconnaissez pas, puis changez votre mot de passe.">
          <SessionsList />
        </SettingsSection>
        <SettingsSection id="mes-donnees" title="Mes données" intro="Une copie de tout ce que nous conservons sur vous (compte, adresses, pièces et leurs fichiers, devis, commandes, factures, messages, connexions), dans une archive ZIP. Elle est préparée en arrière-plan et vous recevez par e-mail un lien valable 24 heures.">
          <DataExport />
        </SettingsSection>
        <SettingsSection id="suppression" title="Supprimer mon compte">
          <AccountDeletion secondFactor={Boolean(me.two_factor_enabled)} />
        </SettingsSection>
      </div>
    </Page>
  );
}

/** The first company of the account's addresses: its name and SIREN prefill the terms request. */
function firstCompany(addresses: Address[]): { nom: string; siren: string | null } | undefined {
  const company = addresses.find((a) => a.entreprise)?.entreprise;
  return company ? { nom: company.nom_Entreprise, siren: company.siren } : undefined;
}
