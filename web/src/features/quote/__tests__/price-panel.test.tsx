import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { PricePanel } from '../components/price-panel';

const withdrawn = "« Pièce » ne peut plus être chiffrée. Le matériau « TPU » n'est plus proposé en SLS.";

afterEach(cleanup);

describe('PricePanel', () => {
  it('does not repeat the engine’s refusal when the server gives the same reason', () => {
    render(<PricePanel breakdown={null} error={withdrawn} server={{ step: 'failed', progress: 1, message: withdrawn }} />);
    expect(screen.getAllByText(withdrawn, { exact: false })).toHaveLength(1);
    expect(screen.getByTestId('server-state').textContent).toBe('Vérification impossible');
  });

  it('gives the server’s own reason when it differs from what the page shows', () => {
    render(<PricePanel breakdown={null} error={withdrawn} server={{ step: 'failed', progress: 1, message: 'Le serveur ne répond pas.' }} />);
    expect(screen.getByTestId('server-state').textContent).toBe('Vérification impossible — Le serveur ne répond pas.');
  });
});
