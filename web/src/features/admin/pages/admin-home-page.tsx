//! /compte/admin-home: the administration's dashboard: what needs doing now (each count a link
//! to its filtered list), the month's revenue, and the maintenance switch.
import { useState } from 'react';
import { Link } from 'react-router';
import { confirmDialog, ConfirmDialog } from 'primereact/confirmdialog';
import { InputSwitch } from 'primereact/inputswitch';
import { Message } from 'primereact/message';
import { Page } from '@/components/ui/page';
import { handleApiError } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { fr } from '@/lib/typography';
import { useDashboard } from '../api/dashboard';
import { setMaintenance, useMaintenanceFlag } from '../api/maintenance';
import { DashboardCounts } from '../components/dashboard-counts';

const SHORTCUTS = [
  { to: '/compte/admin/piece-validation', label: 'Pièces à valider', icon: 'pi pi-check-square' },
  { to: '/compte/admin/commande', label: 'Commandes', icon: 'pi pi-shopping-bag' },
  { to: '/compte/admin/account', label: 'Comptes clients', icon: 'pi pi-users' },
  { to: '/compte/admin/statistics', label: 'Statistiques', icon: 'pi pi-chart-bar' },
];

export default function AdminHomePage() {
  const dashboard = useDashboard();
  const { data: maintenance, isPending } = useMaintenanceFlag();
  const [saving, setSaving] = useState(false);
  const toggle = async (on: boolean) => {
    setSaving(true);
    try {
      await setMaintenance(on);
      showToast({ severity: on ? 'warn' : 'success', summary: 'Maintenance', detail: on ? fr('Le site est en maintenance : seuls /maintenance et cette page restent accessibles.') : 'Le site est de nouveau ouvert à tous.' });
    } catch (error) {
      handleApiError(error);
    } finally {
      setSaving(false);
    }
  };
  // Switching changes what every visitor sees at once: the admin confirms it first.
  const ask = (on: boolean) =>
    confirmDialog({
      header: on ? 'Activer le mode maintenance ?' : 'Rouvrir le site ?',
      message: on
        ? fr('Tous les visiteurs et clients verront la page de maintenance jusqu’à ce que vous la désactiviez.')
        : fr('Le site redevient accessible à tous les visiteurs.'),
      acceptLabel: on ? 'Activer la maintenance' : 'Rouvrir le site',
      rejectLabel: 'Annuler',
      acceptClassName: on ? 'p-button-danger' : undefined,
      accept: () => void toggle(on),
    });
  return (
    <Page title="Administration" heading="Tableau de bord">
      <ConfirmDialog />
      <DashboardCounts query={dashboard} />
      <section className="card stack">
        <h2>Mode maintenance</h2>
        <label className="checkbox-line" htmlFor="maintenance-switch">
          <InputSwitch inputId="maintenance-switch" checked={Boolean(maintenance)} disabled={isPending || saving} onChange={(e) => ask(Boolean(e.value))} />
          <span>{maintenance ? fr('Activé : les visiteurs voient la page de maintenance.') : fr('Désactivé : le site est ouvert.')}</span>
        </label>
        {maintenance ? <Message severity="warn" text="Pensez à désactiver la maintenance une fois l’intervention terminée." /> : null}
      </section>
      <div className="grid-3 section">
        {SHORTCUTS.map((s) => (
          <Link key={s.to} to={s.to} className="card process-card">
            <i className={s.icon} aria-hidden="true" />
            <strong>{s.label}</strong>
          </Link>
        ))}
      </div>
    </Page>
  );
}
