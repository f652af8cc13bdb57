//! What « Commander ce devis » and « Commander à nouveau » share: a server call that puts parts in
//! the basket, then the basket page, told what the call answered (`state[key]`) so that it can say
//! what changed; a failure stays on the button as a French message.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { cartKey } from '@/lib/api/cart';
import { formErrorMessage } from '@/lib/form-error';

export function useToBasket<T>(key: string, put: () => Promise<T>) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await put();
      await queryClient.invalidateQueries({ queryKey: cartKey });
      await navigate('/compte/panier', { state: { [key]: answer } });
    } catch (err) {
      setError(formErrorMessage(err));
      setBusy(false);
    }
  };
  return { busy, error, run };
}
