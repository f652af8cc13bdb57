//! The « Aller au contenu » link: the first stop of the keyboard, it moves the focus to the page's
//! main region (RGAA 12.7) without a navigation of the router.
import type { MouseEvent } from 'react';

export const MAIN_ID = 'contenu';

function toMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView({ block: 'start' });
}

export function SkipLink() {
  return (
    <a href={`#${MAIN_ID}`} className="skip-link" onClick={toMain}>
      Aller au contenu
    </a>
  );
}
