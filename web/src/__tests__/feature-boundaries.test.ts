// @vitest-environment node
// The lint rule of web/eslint.config.js that keeps features apart, run on sample sources placed in
// the real folders (nothing is written): it must refuse an import from one feature into another,
// and from shared code into a feature, and accept shared code.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const web = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: web });

async function boundaryErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(web, file) });
  return result.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('feature boundaries', () => {
  it('refuse an import from one feature into another', async () => {
    const errors = await boundaryErrors('src/features/cart/sample.ts', "import { useCheckout } from '@/features/checkout/hooks/use-checkout';\nexport const x = useCheckout;\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('A feature does not import another one');
  });

  it('refuse a relative import that leaves the feature for another', async () => {
    const errors = await boundaryErrors('src/features/admin/sample.ts', "import { useCart } from '../../lib/api/cart';\nimport { useOrders } from '../account/pages/orders-page';\nexport const x = [useCart, useOrders];\n");
    expect(errors).toHaveLength(1);
  });

  it('refuse an import of a feature from shared code', async () => {
    const errors = await boundaryErrors('src/lib/sample.ts', "import { CartSummary } from '@/features/cart/components/cart-summary';\nexport const x = CartSummary;\n");
    expect(errors).toEqual([expect.stringContaining('Shared code')]);
  });

  it('accept a feature importing itself and shared code', async () => {
    const errors = await boundaryErrors('src/features/checkout/sample.ts', "import { useCart } from '@/lib/api/cart';\nimport { TotalsTable } from '@/components/order/totals-table';\nimport { useCheckout } from './hooks/use-checkout';\nexport const x = [useCart, TotalsTable, useCheckout];\n");
    expect(errors).toEqual([]);
  });
});
