/**
 * A click that lands before the app has taken a server-rendered page over. The page's buttons are
 * there from the first paint, but until React hydrates the page no script listens to them: on a
 * slow phone that is seconds in which "Filters" or "Open menu" does nothing, and the person has
 * to guess they should tap again. The server puts this script inline at the top of every page it
 * renders (its hash is in the Content-Security-Policy): it keeps the last button clicked inside
 * `#root` while React has no root there, and stops a submit button's form from being sent by the
 * browser meanwhile. The app clicks that button again right after it starts hydrating
 * (apps/web/src/app/early-click.ts); React then hydrates what the click reaches first and answers
 * it. Links need none of this: they work without any script.
 */
export const EARLY_CLICK_KEY = "__sawdustEarlyClick";

export const EARLY_CLICK_SCRIPT = `(function(){var d=document;d.addEventListener("click",function(e){var r=d.getElementById("root"),t=e.target,b=t&&t.closest&&t.closest("button");if(!r||!b||!r.contains(b)||b.disabled)return;for(var k in r)if(k.indexOf("__reactContainer")===0)return;window.${EARLY_CLICK_KEY}=b;if(b.form)e.preventDefault()},true)})();`;
