// What every page shares: the signed-in user, the language, the header with its navigation and language
// picker, and a place for messages. A page module calls start(render) with its own render function.

import { api, me } from "./api.js";
import { LANGS, chooseLang, keepLang, loadUi, t } from "./i18n.js";

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Show a message at the top of the page (kind: info | error); it goes away when clicked. */
export function notice(text, kind = "info") {
  let box = document.getElementById("notice");
  if (!box) {
    box = el("div", { id: "notice", role: "status" });
    document.body.prepend(box);
  }
  const item = el("p", { class: `notice ${kind}`, onclick: () => item.remove() }, text);
  box.append(item);
  if (kind !== "error") setTimeout(() => item.remove(), 6000);
  return item;
}

/** An account page's address that comes back to this page afterwards (?next=), but for the account pages. */
function back(path) {
  const here = window.location.pathname;
  return ["/", "/login", "/register"].includes(here) ? path : `${path}?next=${encodeURIComponent(here)}`;
}

function header(user, lang) {
  const top = document.getElementById("top");
  const link = (href, key) => el("a", { href }, t(key));
  const picker = el("select", {
    id: "lang", "aria-label": t("nav.language"),
    onchange: async (event) => {
      const chosen = event.target.value;
      keepLang(chosen);
      if (user) {
        try { await api("/api/me", { method: "PATCH", body: { lang: chosen } }); } catch { /* kept locally */ }
      }
      window.location.reload();
    },
  }, LANGS.map((l) => el("option", { value: l, selected: l === lang }, l.toUpperCase())));
  const nav = el("nav", {},
    el("a", { href: "/", class: "brand" }, t("app.name")),
    link("/", "nav.lobby"), link("/new", "nav.new"),
    el("span", { class: "spacer" }),
    user ? [link("/profile", "nav.profile"), el("span", { class: "who" }, user.name),
      el("button", {
        type: "button", class: "link", id: "logout",
        onclick: async () => { await api("/api/logout", { method: "POST" }); window.location.href = "/"; },
      }, t("nav.logout"))]
      : [link(back("/login"), "nav.login"), link(back("/register"), "nav.register")],
    picker);
  top.replaceChildren(nav);
}

/** Load the user and the language, draw the header, then run the page's `render({user, lang, app})`. */
export async function start(render) {
  const user = await me();
  const lang = chooseLang(user && user.lang);
  await loadUi(lang);
  header(user, lang);
  const app = document.getElementById("app");
  try {
    await render({ user, lang, app });
  } catch (err) {
    notice(err.message || String(err), "error");
    throw err;
  }
}
