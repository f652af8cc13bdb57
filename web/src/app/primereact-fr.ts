//! The French locale of PrimeReact's built-in texts (calendar, password meter, empty lists, the
//! paginators' and expandable rows' accessible names).
import { addLocale, localeOptions } from 'primereact/api';

// `addLocale` merges one level deep: the English accessible names are the base of the French.
const englishAria = (localeOptions('en') as { aria?: Record<string, string> }).aria ?? {};

addLocale('fr', {
  accept: 'Oui',
  reject: 'Non',
  choose: 'Choisir',
  upload: 'Envoyer',
  cancel: 'Annuler',
  clear: 'Effacer',
  close: 'Fermer',
  emptyMessage: 'Aucun résultat',
  emptyFilterMessage: 'Aucun résultat',
  weak: 'Faible',
  medium: 'Moyen',
  strong: 'Fort',
  passwordPrompt: 'Saisissez un mot de passe',
  dayNames: ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'],
  dayNamesShort: ['dim.', 'lun.', 'mar.', 'mer.', 'jeu.', 'ven.', 'sam.'],
  dayNamesMin: ['D', 'L', 'M', 'M', 'J', 'V', 'S'],
  monthNames: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  monthNamesShort: ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'],
  today: 'Aujourd’hui',
  firstDayOfWeek: 1,
  dateFormat: 'dd/mm/yy',
  aria: {
    ...englishAria,
    firstPageLabel: 'Première page',
    prevPageLabel: 'Page précédente',
    nextPageLabel: 'Page suivante',
    lastPageLabel: 'Dernière page',
    pageLabel: 'Page {page}',
    rowsPerPageLabel: 'Lignes par page',
    jumpToPageDropdownLabel: 'Aller à la page',
    jumpToPageInputLabel: 'Aller à la page',
    navigation: 'Pagination',
    // The row toggler's name says what it does: expandRow while folded, collapseRow while open.
    expandRow: 'Déplier la ligne',
    collapseRow: 'Replier la ligne',
    close: 'Fermer',
  },
});
