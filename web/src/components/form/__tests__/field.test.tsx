import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Field } from '../field';

afterEach(cleanup);

describe('Field', () => {
  it('ties its error to the control and marks it invalid while the error shows', () => {
    const { rerender } = render(
      <Field id="nom" label="Nom" hint="Tel qu’il figure sur vos factures">
        <input id="nom" aria-describedby="autre" />
      </Field>,
    );
    const input = screen.getByLabelText('Nom');
    expect(input.getAttribute('aria-describedby')).toBe('autre nom-hint');
    expect(input.hasAttribute('aria-invalid')).toBe(false);

    rerender(
      <Field id="nom" label="Nom" hint="Tel qu’il figure sur vos factures" error="Indiquez votre nom.">
        <input id="nom" aria-describedby="autre" />
      </Field>,
    );
    expect(input.getAttribute('aria-describedby')).toBe('autre nom-error');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('nom-error')?.textContent).toBe('Indiquez votre nom.');

    rerender(
      <Field id="nom" label="Nom">
        <input id="nom" aria-describedby="autre" />
      </Field>,
    );
    expect(input.getAttribute('aria-describedby')).toBe('autre');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
  });

  it('leaves alone an aria-invalid that the control sets itself', () => {
    render(
      <Field id="code" label="Code">
        <input id="code" aria-invalid="true" />
      </Field>,
    );
    expect(screen.getByLabelText('Code').getAttribute('aria-invalid')).toBe('true');
  });
});
