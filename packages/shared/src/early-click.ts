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
 *
 * A key pressed meanwhile is kept the same way, as the button it stands for: Ctrl/Cmd-K the one
 * marked `data-early-key="k"` (Search), so the palette opens once the app runs instead of the
 * browser's own search box; Escape the one marked `data-early-key="escape"` (the open image's
 * Close). The page's code is not fetched until its first pictures have painted
 * (CODE_AFTER_PICTURES_SCRIPT), so this stretch can be a few seconds on a slow phone.
 *
 * Some parts hydrate after the rest, once their own code is here (the gallery's toolbar:
 * lib/deferred-component.tsx; the share page's detail dialog; each marked `data-hydrates-later`):
 * a click on a button of theirs that React has not hydrated yet (it holds no `__reactProps`) is
 * kept too, and pressed once React has hydrated it (within 10 s), as React itself drops it (round
 * 26). A menu's trigger is pressed as Radix opens it, with a primary pointer's press (round 59:
 * the share page's Share, Download and Add to collection did nothing for 0.5 s after the app ran).
 *
 * A kept submit button whose app will not start has its form sent after all, as without
 * JavaScript: at once when a script of the page failed to load (a bad network, a blocker), else
 * when the app has still not started FORM_FALLBACK_MS later. The share page's Close then leads to
 * the gallery instead of leaving the artwork over the page for good (round 42).
 */
export const EARLY_CLICK_KEY = "__sawdustEarlyClick";

/** How long a kept submit button waits for an app that has not failed before its form is sent. */
export const FORM_FALLBACK_MS = 10_000;

/** Marks a server-rendered part that React hydrates after the rest (its code loads later). */
export const HYDRATES_LATER_ATTRIBUTE = "data-hydrates-later";

/** The attribute naming the button a key stands for before the app runs ("k": Ctrl/Cmd-K; "escape"). */
export const EARLY_KEY_ATTRIBUTE = "data-early-key";

export const EARLY_CLICK_SCRIPT = `(function(){var d=document,w=window;function root(){var r=d.getElementById("root");if(!r)return null;for(var k in r)if(k.indexOf("__reactContainer")===0)return null;return r}function live(b){for(var k in b)if(k.indexOf("__reactProps")===0)return 1;return 0}var failed=0;function send(){var b=w.${EARLY_CLICK_KEY};if(!b||!root()||!b.isConnected||!b.form||b.type!=="submit")return;delete w.${EARLY_CLICK_KEY};b.form.requestSubmit?b.form.requestSubmit(b):b.form.submit()}function keep(b){w.${EARLY_CLICK_KEY}=b;if(failed)send();else if(b.form)setTimeout(send,${FORM_FALLBACK_MS})}d.addEventListener("error",function(e){var t=e.target;if(t&&t.tagName==="SCRIPT"){failed=1;send()}},true);function press(b){if(b.getAttribute("aria-haspopup")==="menu")b.dispatchEvent(new PointerEvent("pointerdown",{bubbles:true,cancelable:true,button:0,isPrimary:true,pointerType:"mouse"}));else b.click()}function later(b){var u=Date.now()+1e4;(function f(){if(!b.isConnected||Date.now()>u)return;if(live(b))press(b);else w.requestAnimationFrame(f)})()}d.addEventListener("click",function(e){var r=root(),t=e.target,b=t&&t.closest&&t.closest("button"),a=d.getElementById("root");if(!b||b.disabled||!a||!a.contains(b))return;if(!r){if(e.isTrusted&&b.closest("[${HYDRATES_LATER_ATTRIBUTE}]")&&!live(b)){e.preventDefault();e.stopPropagation();later(b)}return}keep(b);if(b.form)e.preventDefault()},true);d.addEventListener("keydown",function(e){var k=String(e.key).toLowerCase(),m=e.ctrlKey||e.metaKey,v=m&&!e.altKey&&k==="k"?"k":!m&&!e.altKey&&!e.shiftKey&&k==="escape"?"escape":"";if(!v)return;var r=root(),b=r&&r.querySelector("[${EARLY_KEY_ATTRIBUTE}="+v+"]");if(!b)return;keep(b);if(v==="k")e.preventDefault()},true)})();`;
