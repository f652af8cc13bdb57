// The admin area of issue 11: an admin sees the dashboard's counts, reviews a customer's open
// cube in the shared 3D viewer (analysed in the browser from the original file; its open edges
// drawn in red on the quote page and in the review, with their legend), validates it
// with a comment, and the customer then orders it by bank transfer, the order then listed on the
// account's admin page one page of ten at a time (with ten copies); an admin disables an account
// whose open session then fails and whose sign-in is refused in French.
import { createAddressInPlace } from './support/commerce.mjs';
import { expectToast, freshEmail, signIn, signUpViaUi } from './support/flows.mjs';
import { fixture, proxyCall, waitForServerPrice } from './support/quote.mjs';

// The pages of a run share one cookie jar: the customer's cookies are put aside while the
// admin works in the same browser, and put back (the session itself lives on the server).
async function setAside(page) {
  const cookies = await page.context().cookies();
  await page.context().clearCookies();
  return cookies;
}

async function putBack(page, cookies) {
  await page.context().clearCookies();
  await page.context().addCookies(cookies);
}

async function signInAdmin(ctx, page) {
  if (!ctx.admin) throw new Error('no admin: `server create-admin` failed before the run');
  await signIn(ctx, page, ctx.admin.email, ctx.admin.password);
  await page.waitForURL((u) => u.pathname !== '/connexion_compte');
}

/** Drops a fixture that the quote page may not measure (an open mesh) and waits for its price. */
async function dropAny(ctx, page, file) {
  await ctx.goto(page, '/devis_ligne');
  await page.locator('[data-testid=drop-zone] button').waitFor({ state: 'visible' });
  await page.waitForFunction(() => !document.querySelector('[data-testid=drop-zone] button')?.disabled);
  await page.setInputFiles('[data-testid=file-input]', { name: file.name, mimeType: 'model/stl', buffer: file.buffer });
  await waitForServerPrice(page);
}

/**
 * Pixels of the viewer's canvas in the open edges' pure red (the lines are unlit, drawn over the
 * part; the part's shaded colours never reach it). The canvas keeps its drawing buffer.
 */
async function redPixels(canvas) {
  return canvas.evaluate((c) => {
    const copy = document.createElement('canvas');
    copy.width = c.width;
    copy.height = c.height;
    const g = copy.getContext('2d');
    g.drawImage(c, 0, 0);
    const { data } = g.getImageData(0, 0, c.width, c.height);
    let n = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] >= 235 && data[i + 1] <= 30 && data[i + 2] <= 30) n++;
    return n;
  });
}

/** The viewer in `scope` shows `count` open edges in its legend and draws them in red. */
async function expectOpenEdges(scope, count) {
  const legend = scope.locator('[data-testid=legend-open-edges]');
  await legend.waitFor({ timeout: 30_000 });
  const text = (await legend.textContent()).replace(/\s+/g, ' ').trim();
  if (text !== `arêtes ouvertes : ${count}`) throw new Error(`open-edge legend: « ${text} »`);
  const canvas = scope.locator('.viewer canvas');
  let red = 0;
  for (let i = 0; i < 20 && red < 30; i++) {
    red = await redPixels(canvas);
    if (red < 30) await scope.page().waitForTimeout(250);
  }
  if (red < 30) throw new Error(`the open edges are not drawn: ${red} red pixel(s) in the viewer`);
}

/** Searches the review queue for `text` and waits for its total of `count` part(s). */
async function findInQueue(admin, text, count) {
  await admin.locator('#review-search').fill(text);
  await admin.getByRole('button', { name: 'Rechercher', exact: true }).click();
  await admin.locator('[data-testid=review-total]', { hasText: `${count} pièce(s) en attente pour « ${text} »` }).waitFor();
}

async function dashboardCount(ctx, page, label) {
  await ctx.goto(page, '/compte/admin-home');
  const tile = page.locator('[data-testid=dashboard-tile]', { hasText: label });
  await tile.waitFor();
  return Number(await tile.locator('.dashboard-count').textContent());
}

export default [
  {
    name: 'an admin reviews an open cube in the 3D viewer, validates it with a comment, and the customer orders it',
    async run(ctx) {
      const page = await ctx.newPage();
      const email = freshEmail('revue-admin');
      await signUpViaUi(ctx, page, { email, prenom: 'Inès', nom: 'Moreau' });
      const cube = fixture('open_cube.stl');
      await dropAny(ctx, page, cube);
      const item = page.locator('[data-testid=quote-item]');
      await item.locator('canvas').waitFor({ timeout: 30_000 });
      // The cube misses its top face: the four edges around it are open.
      await expectOpenEdges(item, 4);
      await ctx.screenshot(page, 'devis-aretes-ouvertes');
      await page.getByRole('button', { name: 'Ajouter au panier' }).click();
      await expectToast(page, 'Panier', '1 pièce ajoutée au panier.');
      const [line] = (await proxyCall(page, 'ComptePiece')).body;
      if (line?.id_statut !== 2) throw new Error(`the open cube is not waiting for a review: ${JSON.stringify(line)}`);

      const customer = await setAside(page);
      const admin = page;
      await signInAdmin(ctx, admin);
      const before = await dashboardCount(ctx, admin, 'pièce(s) à vérifier');
      if (before < 1) throw new Error(`the dashboard counts ${before} part(s) to review`);
      await ctx.expectText(admin, 'Chiffre d’affaires de');
      await ctx.screenshot(admin, 'admin-tableau-de-bord');
      await admin.locator('[data-testid=dashboard-tile]', { hasText: 'pièce(s) à vérifier' }).click();
      await admin.waitForURL((u) => u.pathname === '/compte/admin/piece-validation');
      // The queue is paged, longest waiting first: the customer's e-mail finds the new part
      // whatever other specs left waiting before it.
      await findInQueue(admin, email, 1);
      await admin.getByRole('button', { name: 'Examiner open_cube.stl' }).click();
      const panel = admin.locator('[data-testid=part-review]');
      await panel.locator('canvas').waitFor({ timeout: 30_000 });
      await panel.locator('[data-testid=part-findings]', { hasText: /Maillage ouvert/ }).waitFor({ timeout: 30_000 });
      await panel.getByRole('link', { name: 'Télécharger le fichier' }).waitFor();
      await expectOpenEdges(panel, 4);
      await ctx.screenshot(admin, 'admin-revue-piece-visionneuse');

      await panel.locator('.p-dropdown', { has: admin.locator('#part-status') }).click();
      await admin.locator('.p-dropdown-item', { hasText: 'Validée' }).click();
      const comment = 'Maillage refermé à l’impression, pièce imprimable.';
      await panel.locator('#part-comment').fill(comment);
      await panel.getByRole('button', { name: 'Enregistrer la décision' }).click();
      await expectToast(admin, 'Statut enregistré');
      await ctx.expectText(admin, 'Aucune pièce en attente ne correspond à cette recherche.');
      const after = await dashboardCount(ctx, admin, 'pièce(s) à vérifier');
      if (after !== before - 1) throw new Error(`the dashboard counts ${after} after the review, ${before} before`);
      const adminCookies = await setAside(admin);
      await putBack(page, customer);

      await ctx.goto(page, '/compte/panier');
      const cartLine = page.locator('[data-testid=cart-line]').filter({ hasText: 'open_cube.stl' });
      await cartLine.locator('.p-tag', { hasText: 'Validée' }).waitFor();
      await cartLine.locator('[data-testid=cart-line-comment]', { hasText: 'pièce imprimable' }).waitFor();
      await page.getByRole('link', { name: 'Passer la commande' }).click();
      await page.waitForURL((u) => u.pathname === '/checkout');
      await createAddressInPlace(page);
      await page.locator('label[for=cgv]').click();
      await page.getByRole('button', { name: 'Commander et payer par virement' }).click();
      await page.waitForURL((u) => u.pathname === '/checkout/confirmation');
      const orders = (await proxyCall(page, 'Commande/mes-commandes')).body;
      if (orders?.length !== 1 || orders[0].statut !== 'en attente de paiement') throw new Error(`orders: ${JSON.stringify(orders)}`);
      await putBack(admin, adminCookies);
      const transfers = await dashboardCount(ctx, admin, 'virement(s) en attente');
      if (transfers < 1) throw new Error(`the dashboard counts ${transfers} transfer(s) awaiting`);

      // The account's orders, paged on the server, newest first: ten cancelled copies of the
      // real order make two pages of ten, the real one alone on the last; it opens its admin page.
      const [orderId, numero] = ctx.sql(`SELECT id || '|' || numero FROM orders WHERE customer_email = '${email}'`).trim().split('|');
      if (!(Number(orderId) > 0) || !numero?.startsWith('CO-')) throw new Error(`the customer's order: ${orderId} ${numero}`);
      ctx.sql(
        `INSERT INTO orders (numero, account_id, status, idempotency_key, customer_email, billing_address, shipping_address, shipping_zone, weight_g, subtotal_cents, discount_cents, shipping_cents, total_ht_cents, vat_rate_bp, vat_cents, total_ttc_cents, reverse_charge, vat_regime, buyer_vat_number, discount_code, payment_method, catalog_version, cgv_accepted_at, created_at, updated_at)
         WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10)
         SELECT numero || '-' || printf('%02d', n.i), account_id, 'annulée', idempotency_key || '-copie-' || n.i, customer_email, billing_address, shipping_address, shipping_zone, weight_g, subtotal_cents, discount_cents, shipping_cents, total_ht_cents, vat_rate_bp, vat_cents, total_ttc_cents, reverse_charge, vat_regime, buyer_vat_number, discount_code, payment_method, catalog_version, cgv_accepted_at, created_at + n.i, updated_at
         FROM n, orders WHERE orders.id = ${orderId};`,
      );
      await ctx.goto(admin, `/compte/admin/account?q=${encodeURIComponent(email)}`);
      await admin.locator('tr', { hasText: email }).locator('.p-row-toggler').click();
      const accountOrders = admin.locator('[data-testid=account-orders]');
      await accountOrders.locator('h3', { hasText: 'Commandes (11)' }).waitFor();
      await accountOrders.getByText('1 à 10 sur 11').waitFor();
      const orderRows = accountOrders.locator('tbody tr');
      await orderRows.first().filter({ hasText: `${numero}-10` }).filter({ hasText: 'annulée' }).waitFor();
      if ((await orderRows.count()) !== 10) throw new Error(`page 1 of the account's orders has ${await orderRows.count()} rows`);
      await ctx.screenshot(admin, 'admin-compte-commandes-page-1');
      await accountOrders.getByRole('button', { name: 'Dernière page' }).click();
      await accountOrders.getByText('11 à 11 sur 11').waitFor();
      await orderRows.first().filter({ hasText: 'en attente de paiement' }).waitFor();
      if ((await orderRows.count()) !== 1) throw new Error(`the last page of the account's orders has ${await orderRows.count()} rows`);
      await ctx.screenshot(admin, 'admin-compte-commandes-page-2');
      await accountOrders.getByRole('link', { name: numero, exact: true }).click();
      await admin.waitForURL((u) => u.pathname === `/compte/admin/commande/${orderId}`);
      await ctx.expectText(admin, `Commande ${numero}`);
    },
  },
  {
    name: 'the review queue pages through 45 waiting parts on the server, longest waiting first',
    async run(ctx) {
      const page = await ctx.newPage();
      const email = freshEmail('file-revue');
      await signUpViaUi(ctx, page, { email, prenom: 'Basile', nom: 'Renard' });
      await dropAny(ctx, page, fixture('open_cube.stl'));
      await page.getByRole('button', { name: 'Ajouter au panier' }).click();
      await expectToast(page, 'Panier', '1 pièce ajoutée au panier.');
      const [line] = (await proxyCall(page, 'ComptePiece')).body;
      const part = Number(line?.Id_Piece);
      if (!(part > 0) || line.id_statut !== 2) throw new Error(`the open cube is not waiting for a review: ${JSON.stringify(line)}`);
      // 44 older requests of the same customer, copies of the real part (its file and analysis),
      // waiting since 1 to 44 days: with the new one, three pages of 20.
      const account = Number(ctx.sql(`SELECT account_id FROM parts WHERE id = ${part}`));
      ctx.sql(
        `INSERT INTO parts (account_id, file_name, storage_key, sha256, size_bytes, analysis, options, status_id, review_note, review_reasons, review_request, created_at, updated_at)
         WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 44)
         SELECT account_id, 'ancienne-' || printf('%02d', n.i) || '.stl', storage_key, sha256, size_bytes, analysis, options, 2, '', review_reasons, '', created_at - 86400 * n.i, updated_at
         FROM n, parts WHERE parts.id = ${part};
         INSERT INTO part_status_history (part_id, status_id, comment, actor_account_id, created_at)
         SELECT id, 2, review_reasons, NULL, created_at FROM parts WHERE account_id = ${account} AND id <> ${part};`,
      );
      await setAside(page);
      const admin = page;
      await signInAdmin(ctx, admin);
      await ctx.goto(admin, '/compte/admin/piece-validation');
      await findInQueue(admin, email, 45);
      const names = async () => (await admin.locator('.queue-table tbody tr td:first-child').allTextContents()).map((t) => t.trim());
      const first = await names();
      if (first.length !== 20 || first[0] !== 'ancienne-44.stl' || first[19] !== 'ancienne-25.stl') throw new Error(`page 1: ${first.join(', ')}`);
      await ctx.expectText(admin, '1 à 20 sur 45');
      await admin.locator('.p-paginator-page', { hasText: /^3$/ }).click();
      await admin.waitForURL((u) => u.searchParams.get('page') === '3');
      await ctx.expectText(admin, '41 à 45 sur 45');
      await admin.locator('.queue-table tbody tr').first().filter({ hasText: 'ancienne-04.stl' }).waitFor();
      const third = await names();
      if (third.join(',') !== 'ancienne-04.stl,ancienne-03.stl,ancienne-02.stl,ancienne-01.stl,open_cube.stl') throw new Error(`page 3: ${third.join(', ')}`);
      await ctx.screenshot(admin, 'admin-file-revue-page-3');
      // The newest request opens in the viewer from the last page; the page stays in the address.
      await admin.getByRole('button', { name: 'Examiner open_cube.stl' }).click();
      await admin.waitForURL((u) => u.searchParams.get('piece') === String(part) && u.searchParams.get('page') === '3');
      const panel = admin.locator('[data-testid=part-review]');
      await panel.locator('canvas').waitFor({ timeout: 30_000 });
      await admin.locator('tr.row-selected', { hasText: 'open_cube.stl' }).waitFor();
      // Back to the whole queue: page 1 again, the total of every customer's parts.
      await admin.getByRole('button', { name: 'Effacer' }).click();
      await admin.locator('[data-testid=review-total]', { hasText: /^\d+ pièce\(s\) en attente de vérification$/ }).waitFor();
      if (new URL(admin.url()).searchParams.get('page')) throw new Error(`a new search keeps the page: ${admin.url()}`);
      // The account's parts, paged on the server too, newest first: the real part (the oldest
      // id) closes the last page of ten.
      await ctx.goto(admin, `/compte/admin/account?q=${encodeURIComponent(email)}`);
      await admin.locator('tr', { hasText: email }).locator('.p-row-toggler').click();
      const parts = admin.locator('[data-testid=account-parts]');
      await parts.locator('h3', { hasText: 'Pièces (45)' }).waitFor();
      await parts.getByText('1 à 10 sur 45').waitFor();
      await parts.getByRole('button', { name: 'Dernière page' }).click();
      await parts.getByText('41 à 45 sur 45').waitFor();
      await parts.locator('tbody tr').last().filter({ hasText: 'open_cube.stl' }).waitFor();
      await ctx.screenshot(admin, 'admin-compte-pieces-page-5');
      // The copies stop waiting, so that the specs after this one see the queue they expect.
      ctx.sql(`UPDATE parts SET status_id = 1 WHERE account_id = ${account}`);
    },
  },
  {
    name: 'an admin disables an account: its open session fails at once and it cannot sign in',
    async run(ctx) {
      const page = await ctx.newPage();
      const email = freshEmail('desactive');
      await signUpViaUi(ctx, page, { email, prenom: 'Hugo', nom: 'Lemaire' });
      if ((await proxyCall(page, 'Comptes/me')).status !== 200) throw new Error('the new account has no session');

      const customer = await setAside(page);
      const admin = page;
      await signInAdmin(ctx, admin);
      await ctx.goto(admin, `/compte/admin/account?q=${encodeURIComponent(email)}`);
      const row = admin.locator('tr', { hasText: email });
      await row.waitFor();
      await row.getByRole('button', { name: `Désactiver ${email}` }).click();
      await admin.locator('.p-confirm-dialog').getByRole('button', { name: 'Désactiver' }).click();
      await expectToast(admin, 'Compte désactivé');
      await row.locator('.p-tag', { hasText: 'Désactivé' }).waitFor();
      await row.locator('.p-row-toggler').click();
      await admin.locator('[data-testid=account-detail]', { hasText: 'Aucune commande.' }).waitFor();
      await ctx.screenshot(admin, 'admin-comptes-desactive');

      await setAside(admin);
      await putBack(page, customer);
      const after = await proxyCall(page, 'Comptes/me');
      if (after.status !== 419 && after.status !== 401) throw new Error(`the disabled account's session answered ${after.status}`);
      await page.context().clearCookies();
      const again = page;
      await signIn(ctx, again, email);
      await ctx.expectText(again, 'Ce compte a été désactivé');
      await ctx.screenshot(again, 'connexion-compte-desactive');
    },
  },
];
