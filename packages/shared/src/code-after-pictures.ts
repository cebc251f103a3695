/**
 * A server-rendered page is whole before its code runs: links work, and a button clicked early is
 * kept (EARLY_CLICK_SCRIPT). So the page's code is not fetched until its first pictures have been
 * painted (issue 20). The server writes the page's own module script and module preloads in an
 * inert form (LATER_SCRIPT_TYPE, LATER_PRELOAD_REL: a browser neither fetches nor runs them), and
 * this script, inline in the page's head, makes them real once every high-priority picture of the
 * page (the artwork, the first tiles) has decoded and two frames have passed. On a slow phone the
 * first picture no longer shares the line with 140 kB of JavaScript, nor waits for the main thread
 * while that code runs. The code is fetched at once when the visitor presses, touches, focuses or
 * types anything, and after CODE_AFTER_PICTURES_MAX_WAIT_MS whatever the pictures are doing. The
 * preloads start then; the module script itself is added only once the whole document has been
 * read (DOMContentLoaded), as a module script in the HTML would wait: an added module script runs
 * as soon as it has loaded, and the app would find the page half there, without its data, and
 * render it again from nothing, dropping a click kept meanwhile.
 */
export const LATER_SCRIPT_TYPE = "sawdust/later-module";
export const LATER_PRELOAD_REL = "sawdust-later-modulepreload";
export const CODE_AFTER_PICTURES_MAX_WAIT_MS = 3000;

export const CODE_AFTER_PICTURES_SCRIPT = `(function(){var d=document,w=window,go=0,ev=["pointerdown","touchstart","keydown","focusin"];function start(){if(go)return;go=1;ev.forEach(function(t){d.removeEventListener(t,start,true)});var i,n,o,l=d.querySelectorAll('link[rel="${LATER_PRELOAD_REL}"]');for(i=0;i<l.length;i++){n=d.createElement("link");n.rel="modulepreload";n.crossOrigin="";n.href=l[i].getAttribute("href");d.head.appendChild(n)}function run(){var s=d.querySelectorAll('script[type="${LATER_SCRIPT_TYPE}"]');for(i=0;i<s.length;i++){o=s[i];n=d.createElement("script");n.type="module";n.crossOrigin="";n.src=o.getAttribute("src");o.parentNode.insertBefore(n,o)}}if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",run);else run()}ev.forEach(function(t){d.addEventListener(t,start,true)});w.setTimeout(start,${CODE_AFTER_PICTURES_MAX_WAIT_MS});function painted(){w.requestAnimationFrame(function(){w.requestAnimationFrame(function(){w.setTimeout(start,0)})})}function ready(){var p=[].map.call(d.querySelectorAll('#root img[fetchpriority="high"]'),function(m){return m.decode?m.decode().catch(function(){}):0});Promise.all(p).then(painted,painted)}if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",ready);else ready()})();`;
