/*
 * The checkout's and the order pages' own styles, rendered into those pages only (with the shop's: the totals and
 * the basket lines are the cart's classes).
 */
const CSS = `
.checkout-steps{display:flex;flex-wrap:wrap;gap:.25rem .5rem;margin:0 0 1rem;padding:0;list-style:none;font-size:.9rem;color:var(--muted)}
.checkout-steps li{padding:.15rem .6rem;border:1px solid var(--border);border-radius:999px}
.checkout-steps li[aria-current=step]{border-color:var(--accent);background:var(--accent);color:var(--accent-contrast);font-weight:700}
.checkout h2:focus{outline:none}
.checkout-lines{margin:0 0 1rem;padding:0;list-style:none}
.checkout-lines li{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.25rem 1rem;padding:.5rem 0;border-bottom:1px solid var(--border)}
.checkout-lines li span{min-width:0;overflow-wrap:anywhere}
.checkout-choices{margin:0 0 1rem;padding:0;border:0;min-width:0}
.checkout-choices legend{margin-bottom:.4rem;font-weight:600}
.checkout-choice{display:flex;align-items:flex-start;gap:.6rem;min-height:44px;padding:.5rem .25rem;border-bottom:1px solid var(--border);overflow-wrap:anywhere}
.checkout-choice input{flex:none;width:1.2rem;height:1.2rem;min-height:0;margin-top:.2rem}
.checkout-address{display:grid;grid-template-columns:minmax(0,1fr);gap:0 1rem}
@media (min-width:640px){.checkout-address{grid-template-columns:minmax(0,1fr) minmax(0,1fr)}}
.checkout-address input,.checkout-address select{width:100%;max-width:100%}
.checkout-actions{display:flex;flex-wrap:wrap;gap:.5rem;margin:1rem 0}
.checkout-facts{display:grid;grid-template-columns:minmax(0,auto) minmax(0,1fr);gap:.3rem 1rem;margin:0 0 1rem}
.checkout-facts dt{font-weight:600}
.checkout-facts dd{margin:0;overflow-wrap:anywhere}
.checkout-qr-box{display:flex;flex-direction:column;align-items:flex-start;gap:.5rem}
.checkout-qr{display:block;width:240px;max-width:100%;height:auto;aspect-ratio:1;background:#fff;border-radius:8px}
.checkout-qr__raw{overflow-wrap:anywhere}
.order-list{margin:0;padding:0;list-style:none}
.order-card{margin:0 0 1rem;padding:.9rem 1rem;border:1px solid var(--border);border-radius:var(--radius);background:var(--surface-raised)}
.order-card h2{margin:0 0 .25rem;font-size:1.05rem;overflow-wrap:anywhere}
.order-card__row{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem}
.order-card__charges{display:grid;grid-template-columns:minmax(0,1fr) auto;gap:.2rem 1rem;margin:0 0 .5rem}
.order-card__charges dd{margin:0;text-align:right}
.order-status{display:inline-block;padding:.05rem .5rem;border-radius:999px;border:1px solid var(--border);font-size:.8rem;font-weight:700}
.order-status--pending{background:var(--premium-bg);color:var(--premium-text);border-color:var(--premium-text)}
.order-status--paid,.order-status--fulfilled{background:var(--free-bg);color:var(--free-text)}
.order-pages{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1rem;margin:1rem 0}
.granted{margin:0 0 1rem;padding:0;list-style:none}
.granted li{padding:.5rem 0;border-bottom:1px solid var(--border);overflow-wrap:anywhere}
.checkout-lines li .download-link{flex-basis:100%}
.download-link{display:inline-block;min-height:44px;padding:.6rem 0;font-weight:600;overflow-wrap:anywhere}
.checkout .basket-notices h3{margin:0 0 .4rem;font-size:1.05rem}
.order-card__actions{display:flex;flex-wrap:wrap;gap:.5rem}
.order-card h2:focus{outline:none}
.order-cancel-error{margin:.5rem 0 0}
`;

export function CheckoutStyles() {
  return <style>{CSS}</style>;
}
