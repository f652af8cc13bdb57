//! The site footer: Support, Liens rapides and Contact sections, and the legal line.
import { Link } from 'react-router';
import { COMPANY } from '@/config/company';

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <section aria-labelledby="footer-support">
          <h2 id="footer-support">Support</h2>
          <ul>
            <li><Link to="/aide">Centre d’aide et FAQ</Link></li>
            <li><Link to="/contact">Nous écrire</Link></li>
            <li><Link to="/conditions_vente">Conditions générales de vente</Link></li>
            <li><Link to="/charte_confidentialite">Charte de confidentialité</Link></li>
            <li><Link to="/mentions_legales">Mentions légales</Link></li>
            <li><Link to="/accessibilite">Accessibilité&nbsp;: non conforme</Link></li>
          </ul>
        </section>
        <section aria-labelledby="footer-links">
          <h2 id="footer-links">Liens rapides</h2>
          <ul>
            <li><Link to="/devis_ligne">Devis en ligne</Link></li>
            <li><Link to="/impression_3D?index=0">Procédés d’impression 3D</Link></li>
            <li><Link to="/post_traitement?index=0">Post-traitements</Link></li>
            <li><Link to="/conception_avancee?index=0">Conception avancée</Link></li>
            <li><Link to="/innovation">Réalisations</Link></li>
            <li><Link to="/rejoindre?index=1">Recrutement</Link></li>
          </ul>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact</h2>
          <address>
            {COMPANY.legalName}
            <br />
            {COMPANY.address}
            <br />
            <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
            <br />
            <a href={`tel:${COMPANY.phone.replace(/[^+\d]/g, '')}`}>{COMPANY.phone}</a>
            <br />
            {COMPANY.hours}
          </address>
        </section>
      </div>
      <p className="legal-line">
        © {year} {COMPANY.brand} · {COMPANY.legalForm} au capital de {COMPANY.shareCapital} · {COMPANY.rcs} ·{' '}
        <Link to="/mentions_legales">Mentions légales</Link> · <Link to="/conditions_vente">CGV</Link> ·{' '}
        <Link to="/charte_confidentialite">Confidentialité</Link> · <Link to="/accessibilite">Déclaration d’accessibilité</Link>
      </p>
    </footer>
  );
}
