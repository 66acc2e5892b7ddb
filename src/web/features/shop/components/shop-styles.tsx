/*
 * The shop's own styles, on the shop pages only (the app's stylesheet holds what every page shares). Rendered
 * into the page, so a server-rendered shop page arrives styled, and an article's first visit never loads them.
 */
const CSS = `
.shop-search{max-width:40rem;margin:0 0 1rem}
.shop-search label{display:block;margin-bottom:.3rem;font-weight:600}
.shop-search__row{display:flex;gap:.5rem}
.shop-search__row input{flex:1;min-width:0}
.shop-categories{margin:0 0 1rem}
.shop-categories .chip[aria-current=page]{border-color:var(--accent);background:var(--accent);color:var(--accent-contrast)}
.shop-grid{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:.6rem;margin:0 0 1.5rem;padding:0;list-style:none}
@media (min-width:600px){.shop-grid{grid-template-columns:repeat(auto-fill,minmax(14rem,1fr));gap:.75rem}}
.product-card{display:flex;flex-direction:column;height:100%;padding:0;overflow:hidden}
.product-card__cover{display:block;width:100%;height:auto;aspect-ratio:4/3;object-fit:cover;background:var(--surface)}
.product-card .card__body{display:flex;flex:1;flex-direction:column;padding:.6rem .7rem .7rem}
.product-card .card__title{margin:0;font-size:1rem}
.product-card .card__title a{display:inline-block;min-height:44px;padding:.35rem 0 .2rem}
.product-card .price-tag{margin-top:auto}
.product-card--compact{border-top:4px solid var(--accent)}
@media (max-width:599px){.product-card .price-tag__amount{font-size:1.05rem}.product-card .stock{font-size:.8rem}}
.price-tag{display:flex;flex-wrap:wrap;align-items:baseline;gap:.25rem .6rem;margin:.2rem 0}
.price-tag__amount{font-size:1.2rem;font-weight:700}
.stock{font-size:.85rem;color:var(--muted)}
.stock--low{color:var(--premium-text);font-weight:600}
.stock--none{color:var(--error);font-weight:600}
.product{display:grid;grid-template-columns:minmax(0,1fr);gap:1rem 1.5rem}
@media (min-width:760px){.product{grid-template-columns:minmax(0,1fr) minmax(0,1fr)}}
.product__gallery{margin:0;padding:0;list-style:none}
.product__gallery img{display:block;width:100%;max-height:24rem;object-fit:contain;border-radius:var(--radius);background:var(--surface)}
.product__buy{padding:1rem;border:1px solid var(--border);border-radius:var(--radius);background:var(--surface-raised)}
.product__buy input[type=number]{width:6rem}
.product__buy input[type=checkbox]{width:1.5rem;height:1.5rem;min-height:0}
.product__grant{padding:.75rem 1rem;border-radius:8px;background:var(--free-bg);color:var(--free-text)}
.cart-lines{margin:0 0 1rem;padding:0;list-style:none}
.cart-line{display:grid;grid-template-columns:minmax(0,1fr);gap:.5rem;padding:.9rem 0;border-bottom:1px solid var(--border)}
.cart-line--removed .cart-line__title{text-decoration:line-through;color:var(--muted)}
.cart-line__title{margin:0;font-size:1.05rem}
.cart-line__row{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem}
.cart-line__options{margin:0;color:var(--muted);font-size:.9rem}
.stepper{display:inline-flex;align-items:center;gap:.25rem}
.stepper button{width:44px;height:44px;padding:0;border:1px solid var(--border);border-radius:10px;background:var(--surface-raised);color:var(--text);font:inherit;font-size:1.25rem;cursor:pointer}
.stepper button:disabled,.stepper button[aria-disabled='true']{opacity:.5;cursor:default}
.stepper output{min-width:2.5rem;text-align:center;font-weight:700}
.pending-mark{display:inline-block;padding:.05rem .5rem;border-radius:999px;background:var(--premium-bg);color:var(--premium-text);font-size:.75rem;font-weight:700}
.basket-notices{margin:0 0 1rem;padding:.75rem 1rem;border:2px solid var(--premium-text);border-radius:var(--radius);background:var(--premium-bg);color:var(--premium-text)}
.basket-notices h2{margin:0 0 .4rem;font-size:1.05rem}
.basket-notices ul{margin:0 0 .5rem;padding-left:1.2rem}
.cart-box{margin:0 0 1rem;padding:.9rem 1rem;border:1px solid var(--border);border-radius:var(--radius);background:var(--surface-raised)}
.cart-box h2{margin:0 0 .5rem;font-size:1.1rem}
.cart-box__row{display:flex;flex-wrap:wrap;gap:.5rem}
.cart-box__row input,.cart-box__row select{flex:1;min-width:0}
.cart-totals{display:grid;grid-template-columns:minmax(0,1fr) auto;gap:.3rem 1rem;margin:0}
.cart-totals dd{margin:0;text-align:right}
.cart-totals__total{font-size:1.2rem;font-weight:700}
.shipping-list{margin:.5rem 0 0;padding:0;list-style:none}
.shipping-list li{display:flex;justify-content:space-between;gap:1rem;padding:.3rem 0}
`;

export function ShopStyles() {
  return <style>{CSS}</style>;
}
