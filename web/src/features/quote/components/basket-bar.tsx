//! "Ajouter au panier": the priced entries go to the account's basket; an anonymous visitor is
//! asked to sign in and finds the quote again afterwards (the entries live in cookies).
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { handleApiError } from '@/lib/errors';
import { serverErrorMessage } from '@/lib/error-message';
import { showToast } from '@/lib/toast';
import { addToBasket } from '../api/devis';

const SIGN_IN = '/connexion_compte?callbackUrl=/devis_ligne';

export function BasketBar({ indexes, total }: { indexes: number[]; total: number }) {
  const [busy, setBusy] = useState(false);
  const [signIn, setSignIn] = useState<string | null>(null);
  const [added, setAdded] = useState(false);
  const add = async () => {
    setBusy(true);
    setSignIn(null);
    setAdded(false);
    try {
      const result = await addToBasket(indexes);
      setAdded(true);
      showToast({ severity: 'success', summary: 'Panier', detail: result.message });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) setSignIn(serverErrorMessage(error.body));
      else handleApiError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="basket-bar">
      <span>
        {indexes.length} fichier{indexes.length > 1 ? 's' : ''} prêt{indexes.length > 1 ? 's' : ''} sur {total}
      </span>
      <button type="button" className="p-button" disabled={busy || indexes.length === 0} onClick={add}>
        Ajouter au panier
      </button>
      {added && (
        <Link to="/compte/panier" className="p-button p-button-outlined">
          Voir mon panier
        </Link>
      )}
      {signIn && (
        <p className="sign-in-notice" role="alert">
          {signIn} <Link to={SIGN_IN}>Se connecter</Link> ou <Link to="/creation_compte">créer un compte</Link>&nbsp;: votre
          devis est conservé.
        </p>
      )}
    </div>
  );
}
