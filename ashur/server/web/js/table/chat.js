// The game's chat (issue 16 item 5): the messages of the seats (GET/POST .../chat, new ones over the
// websocket), each with its role.

import { api } from "../api.js";
import { t } from "../i18n.js";
import { el, notice } from "../shell.js";
import { nameOf } from "./svg.js";

export class Chat {
  constructor(box, { gamePath, token, catalog }) {
    this.box = box;
    this.gamePath = gamePath;
    this.token = token;
    this.catalog = catalog;
    this.seen = new Set();
    this.last = 0;
    this.list = el("ol", { class: "chat-list", id: "chat-list" });
    const input = el("input", { type: "text", id: "chat-text", maxlength: 2000, "aria-label": t("table.chat_say") });
    const form = el("form", { class: "chat-form", onsubmit: async (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      try {
        await api(`${this.gamePath}/chat`, { method: "POST", token: this.token, body: { text } });
        input.value = "";
        await this.load();
      } catch (err) { notice(err.message, "error"); }
    } }, input, el("button", { type: "submit" }, t("table.chat_send")));
    box.replaceChildren(this.list, form);
  }

  async load() {
    const got = await api(`${this.gamePath}/chat?since=${this.last}`, { token: this.token });
    this.add(got.messages || []);
  }

  add(messages) {
    for (const m of messages) {
      if (this.seen.has(m.id)) continue;
      this.seen.add(m.id);
      this.last = Math.max(this.last, m.id);
      this.list.append(el("li", {}, el("b", {}, m.player || nameOf(m.role, this.catalog)), ": ", m.text));
    }
    this.list.scrollTop = this.list.scrollHeight;
  }
}
