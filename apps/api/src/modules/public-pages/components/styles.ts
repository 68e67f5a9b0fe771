/**
 * The pages' whole style sheet, inline (one request less; a few kilobytes): the app's brand
 * colours (green #0c5c46, sand #f4efe6, gold #c8a25c as an accent line only: it is not a text
 * colour on either), system fonts, mobile first (390 px) and wider from 48rem. Text pairs pass
 * WCAG AA: #1d2a26 on #fff 15:1, #0c5c46 on #fff 7.6:1, #fff on #0c5c46 7.6:1, #4a5a55 on #fff 7:1.
 */
export const PAGE_CSS = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1d2a26;background:#f4efe6}
a{color:#0c5c46}
a:focus-visible,summary:focus-visible{outline:3px solid #0c5c46;outline-offset:2px}
.skip{position:absolute;left:-999px;top:0;background:#fff;padding:8px 12px;z-index:1}
.skip:focus{left:8px}
header{background:#0c5c46;color:#fff;border-bottom:4px solid #c8a25c}
.bar{max-width:64rem;margin:0 auto;padding:10px 16px;display:flex;align-items:center;justify-content:space-between;gap:12px;min-height:56px}
.brand{display:flex;align-items:center;gap:10px;color:#fff;font-weight:800;font-size:1.125rem;text-decoration:none}
.brand svg{flex:none}
.bar nav{display:flex;gap:8px;align-items:center}
.bar nav a{color:#fff;padding:10px 8px;min-height:44px;display:inline-flex;align-items:center}
main{max-width:64rem;margin:0 auto;padding:16px}
h1{font-size:1.625rem;line-height:1.25;margin:8px 0 12px;color:#0c5c46}
h2{font-size:1.25rem;line-height:1.3;margin:28px 0 10px;color:#0c5c46}
h3{font-size:1.0625rem;margin:0 0 6px}
p{margin:0 0 12px}
.crumbs ol{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:6px;font-size:.875rem}
.crumbs li+li::before{content:"›";margin-right:6px;color:#4a5a55}
.crumbs a{display:inline-block;padding:12px 0}
.families{display:flex;flex-wrap:wrap;gap:8px;margin:0 0 8px;padding:0;list-style:none}
.families a{display:inline-flex;align-items:center;min-height:44px;padding:8px 14px;border-radius:22px;background:#fff;border:1px solid #0c5c46;text-decoration:none;font-weight:600}
.cards{list-style:none;margin:0;padding:0;display:grid;gap:12px}
.card{background:#fff;border-radius:12px;padding:16px;border-top:4px solid #c8a25c;box-shadow:0 1px 2px rgba(0,0,0,.08)}
.card h3 a{text-decoration:none}
.card h3 a:hover{text-decoration:underline}
.meta{color:#4a5a55;font-size:.9375rem;margin:0 0 8px}
.price{font-size:1.125rem;font-weight:700;color:#0c5c46;margin:0 0 8px}
.price small{font-weight:400;color:#4a5a55;font-size:.875rem}
.button{display:inline-flex;align-items:center;justify-content:center;min-height:48px;padding:10px 20px;border-radius:8px;background:#0c5c46;color:#fff;font-weight:700;text-decoration:none}
.button:hover{background:#094735}
.facts{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:0 0 16px;background:#fff;padding:16px;border-radius:12px}
.facts dt{color:#4a5a55}
.facts dd{margin:0;font-weight:600}
.box{background:#fff;border-radius:12px;padding:16px;margin:0 0 12px}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{text-align:left;padding:10px 8px;border-bottom:1px solid #d9d2c3}
th[scope=col]{background:#0c5c46;color:#fff}
td.n{text-align:right;font-variant-numeric:tabular-nums}
.scroll{overflow-x:auto;border-radius:12px}
ol.days{list-style:none;margin:0;padding:0}
ol.days>li{background:#fff;border-radius:12px;padding:12px 16px;margin:0 0 8px;border-left:4px solid #c8a25c}
ol.days ul{margin:0;padding-left:20px}
.lists{display:grid;gap:12px}
.lists ul{margin:0;padding-left:20px}
ul.dates{list-style:none;margin:0;padding:0;display:grid;gap:8px}
ul.dates a{display:flex;justify-content:space-between;gap:12px;align-items:center;min-height:48px;padding:8px 14px;background:#fff;border-radius:8px;border:1px solid #d9d2c3;text-decoration:none}
ul.dates span{color:#4a5a55;font-size:.875rem}
.cta{margin:20px 0}
footer{max-width:64rem;margin:24px auto 0;padding:16px;color:#4a5a55;font-size:.875rem}
@media (min-width:48rem){
h1{font-size:2rem}
.cards{grid-template-columns:repeat(2,1fr)}
.lists{grid-template-columns:1fr 1fr}
ul.dates{grid-template-columns:1fr 1fr}
}
@media (min-width:64rem){.cards{grid-template-columns:repeat(3,1fr)}}
`
  .replace(/\n/g, '')
  .trim();
