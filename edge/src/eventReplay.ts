/**
 * The one inline script of a server-rendered page: it keeps a shopper's taps made before the page's
 * scripts have taken over the server's HTML, and gives them back once they have.
 *
 * The server's HTML is live at once (no `inert`), and the browser hydrates it part by part: the
 * shell's header and footer when its own scripts have run, each remote's region when that remote's
 * module arrives (shell/src/app/hydration.ts). Until then a part carries
 * `data-await-hydration`, and a click on one of its controls (a button, a checkbox, a tab, a
 * label) or the submit of one of its forms would reach no handler and be lost. This script,
 * listening before anything else on the page, holds such an activation: its default is prevented
 * (a checkbox does not tick on its own, a form is not sent as a GET with a password in the
 * address), and it is queued, once per control (a form's submit buttons and its submit are one):
 * an impatient second tap is not kept. When a part
 * is hydrated, the shell calls `__storefrontReplay(part)`, and each control the part holds that is
 * still on the page is clicked (a form submitted) again, now with React listening.
 *
 * Links and the GET forms that name their own address (the header's search) are left alone: they
 * work before any script, as plain HTML does.
 *
 * It is fixed text: the page's Content-Security-Policy allows it by its hash (SCRIPT_HASH) and no
 * other inline script.
 */
import { createHash } from 'node:crypto';
import { HYDRATION_PENDING_ATTRIBUTE } from '@storefront/shared/ssr/contract';

const CONTROLS = 'button,input,select,textarea,summary,label,[role=button],[role=tab],[role=checkbox],[role=radio],[role=switch],[role=menuitem],[role=option]';

/** Written as the browser runs it: small, no dependencies, nothing newer than the store's browsers. */
export const REPLAY_SCRIPT = `(function(){var A="${HYDRATION_PENDING_ATTRIBUTE}",q=[];
function waiting(e){return e&&e.closest?e.closest("["+A+"]"):null}
function native(f){return !!f&&(f.getAttribute("method")||"").toLowerCase()==="get"&&f.hasAttribute("action")}
function hold(ev,el,kind,key){ev.preventDefault();ev.stopImmediatePropagation();for(var i=0;i<q.length;i++)if(q[i].key===key)return;q.push({el:el,kind:kind,key:key})}
document.addEventListener("click",function(ev){var t=ev.target;if(!t||!t.closest||!waiting(t)||t.closest("a[href]"))return;var c=t.closest("${CONTROLS}");if(!c)return;var f=c.type==="submit"?c.form:null;if(native(f))return;hold(ev,c,"click",f||c)},true);
document.addEventListener("submit",function(ev){var f=ev.target;if(!waiting(f)||native(f))return;hold(ev,f,"submit",f)},true);
window.__storefrontReplay=function(part){part.removeAttribute(A);var later=[];for(var i=0;i<q.length;i++){var it=q[i];if(!part.contains(it.el)||waiting(it.el)){later.push(it);continue}if(!it.el.isConnected)continue;if(it.kind==="submit"){if(it.el.requestSubmit)it.el.requestSubmit();}else it.el.click()}q=later};
window.__storefrontReplayPending=function(){return q.length}})();`;

/** The CSP source that allows REPLAY_SCRIPT and nothing else inline. */
export const REPLAY_SCRIPT_HASH = `'sha256-${createHash('sha256').update(REPLAY_SCRIPT).digest('base64')}'`;

/** The script element, placed ahead of the server's HTML so it listens before any of it can be tapped. */
export const REPLAY_SCRIPT_TAG = `<script>${REPLAY_SCRIPT}</script>`;
