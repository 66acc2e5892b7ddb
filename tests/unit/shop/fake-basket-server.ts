import type { Basket, BasketLine, Correction } from '../../../src/shared/api/shop.js';
import type { OutboxApi, SentRequest } from '../../../src/web/features/shop/outbox/outbox.js';

const STAMP = '2026-11-20T10:00:00.000Z';

interface Product {
  title: string;
  price: number;
  stock: number;
  productClass?: 'physical' | 'digital' | 'membership';
}

class Failure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/**
 * A basket server as the contract describes it, in memory: add-product sums into a line and clamps to stock,
 * every change answers with what it corrected, and a repeated operation id answers the stored answer without
 * changing anything.
 */
export function fakeBasketServer(products: Record<number, Product>) {
  let nextLine = 100;
  const lines: { id: number; product: number; quantity: number; priceAtAdd: number; options: { option: number; value: string }[] }[] = [];
  const answers = new Map<string, { key: string; body: unknown }>();
  const log: string[] = [];
  let applied = 0;
  /** Set to make the next N sends fail before reaching the server. */
  let offlineSends = 0;
  /** Set to make the next send reach the server and apply, but lose its answer. */
  let loseNextAnswer = false;

  const reconcile = (): Correction[] => {
    const out: Correction[] = [];
    for (const line of [...lines]) {
      const p = products[line.product];
      if (p.stock <= 0) {
        lines.splice(lines.indexOf(line), 1);
        out.push({ code: 'out_of_stock', line: line.id, product: line.product, message: `"${p.title}" is out of stock and was removed.`, old_value: line.quantity, new_value: 0 });
        continue;
      }
      if (line.quantity > p.stock) {
        out.push({ code: 'quantity_clamped', line: line.id, product: line.product, message: `Only ${p.stock}`, old_value: line.quantity, new_value: p.stock });
        line.quantity = p.stock;
      }
      if (p.price !== line.priceAtAdd) {
        out.push({ code: 'price_changed', line: line.id, product: line.product, message: 'price', old_value: line.priceAtAdd, new_value: p.price });
        line.priceAtAdd = p.price;
      }
    }
    return out;
  };

  const lineView = (l: (typeof lines)[number]): BasketLine => ({
    id: l.id,
    basket: 1,
    product: l.product,
    product_title: products[l.product].title,
    product_class: products[l.product].productClass ?? 'physical',
    stockrecord: null,
    quantity: l.quantity,
    attributes: l.options.map((o, i) => ({ id: i + 1, line: l.id, option: o.option, option_code: `o${o.option}`, value: o.value })),
    price_currency: 'CNY',
    unit_price: products[l.product].price,
    price_excl_tax: products[l.product].price * l.quantity,
    price_incl_tax: products[l.product].price * l.quantity,
    price_excl_tax_excl_discounts: products[l.product].price * l.quantity,
    price_incl_tax_excl_discounts: products[l.product].price * l.quantity,
    discount: 0,
    is_tax_known: true,
    warning: null,
    date_created: STAMP,
    date_updated: STAMP,
  });

  const basket = (corrections: Correction[]): Basket => {
    const total = lines.reduce((sum, l) => sum + products[l.product].price * l.quantity, 0);
    return {
      id: 1,
      owner: 7,
      status: 'open',
      lines: lines.map(lineView),
      currency: 'CNY',
      total_excl_tax: total,
      total_excl_tax_excl_discounts: total,
      total_incl_tax: total,
      total_incl_tax_excl_discounts: total,
      total_tax: 0,
      is_tax_known: true,
      voucher_discounts: [],
      shipping_required: lines.length > 0,
      shipping_country: null,
      shipping_method: null,
      shipping_charge: 0,
      order_total: total,
      corrections,
      date_created: STAMP,
      date_updated: STAMP,
    };
  };

  const apply = (request: SentRequest): unknown => {
    applied += 1;
    if (request.method === 'POST') {
      const body = request.body as { product: number; quantity: number; options: { option: number; value: string }[] };
      const p = products[body.product];
      if (!p) throw new Failure(400, 'product: No such product for sale.', { product: 'No such product for sale.' });
      const key = JSON.stringify(body.options);
      const existing = lines.find((l) => l.product === body.product && JSON.stringify(l.options) === key);
      if (existing) existing.quantity += body.quantity;
      else lines.push({ id: nextLine++, product: body.product, quantity: body.quantity, priceAtAdd: p.price, options: body.options });
      return basket(reconcile());
    }
    const m = /\/baskets\/1\/lines\/(\d+)$/.exec(request.path);
    const line = m ? lines.find((l) => l.id === Number(m[1])) : undefined;
    if (!line) throw new Failure(404, 'Basket line not found.');
    if (request.method === 'DELETE') {
      lines.splice(lines.indexOf(line), 1);
      return null;
    }
    line.quantity = (request.body as { quantity: number }).quantity;
    const corrections = reconcile();
    const kept = lines.find((l) => l.id === line.id);
    if (!kept) throw new Failure(409, 'quantity: gone', { quantity: 'The line could not be kept.' });
    return { ...lineView(kept), corrections };
  };

  const api: OutboxApi = {
    send: async (request, opId) => {
      log.push(`${request.method} ${request.path} ${JSON.stringify(request.body ?? null)} ${opId}`);
      if (offlineSends > 0) {
        offlineSends -= 1;
        throw Object.assign(new Error('Network Error'), { status: 0 });
      }
      const key = `${request.method} ${request.path} ${JSON.stringify(request.body ?? null)}`;
      const stored = answers.get(opId);
      if (stored) {
        if (stored.key !== key) throw new Failure(409, 'idempotency-key: This operation id was used for another change.', { 'idempotency-key': 'used' });
        return stored.body;
      }
      // A failed change throws before its answer is stored: it stores nothing, as on the server.
      const body = apply(request);
      answers.set(opId, { key, body });
      if (loseNextAnswer) {
        loseNextAnswer = false;
        throw Object.assign(new Error('Network Error'), { status: 0 });
      }
      return body;
    },
    fetchBasket: async () => {
      if (offlineSends > 0) throw Object.assign(new Error('Network Error'), { status: 0 });
      log.push('GET /basket');
      return basket(reconcile());
    },
  };

  return {
    api,
    log,
    products,
    lines,
    applied: () => applied,
    goOffline: (sends = Infinity) => {
      offlineSends = sends;
    },
    goOnline: () => {
      offlineSends = 0;
    },
    loseNextAnswer: () => {
      loseNextAnswer = true;
    },
    basket: () => basket([]),
  };
}
