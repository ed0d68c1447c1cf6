// New game (/new): the game, its scenario, its options (each with its help and choices, from
// GET /api/catalog), a seat per role (human, open for an invitation, or a bot kind), the pace and whether
// the game is listed publicly, and who may read the bots' reasons (issue 17: during the game, or once it is
// over; the default shown follows the seats as the server's does). Created, it shows the invitation links of the open seats with copy buttons
// and a link to my seat; with no open seat it goes to my seat at once.

import { api, keepSeat } from "../api.js";
import { t } from "../i18n.js";
import { el, start } from "../shell.js";
import { loadCatalog } from "../lobby/catalog.js";
import { botName, gameName, optionHelp, optionName, paceName, roleName, scenarioName, scenarioSummary } from "../lobby/names.js";
import { checkField, copyBox, errorText, field, formError, setTitle } from "../lobby/ui.js";

const PACES = ["", "live", "fast", "slow"];
const BOT_REASONS = ["", "open", "after"];

/** The server's default of bot_reasons for these seat choices: "open" when exactly one seat is a person's. */
function reasonsDefault(seatValues) {
  return seatValues.filter((v) => v === "human" || v === "open").length === 1 ? "open" : "after";
}

/** The control of an option: a choice list, a checkbox (bool) or a number or text box. */
function optionControl(option) {
  const id = `opt-${option.name}`;
  if (option.choices) {
    return el("select", { id, name: option.name },
      option.choices.map((c) => el("option", { value: JSON.stringify(c), selected: c === option.default }, String(c))));
  }
  if (option.type === "bool") return el("input", { id, name: option.name, type: "checkbox", checked: option.default === true });
  if (option.type === "int" || option.type === "float") {
    return el("input", { id, name: option.name, type: "number", step: option.type === "int" ? "1" : "any", value: String(option.default) });
  }
  return el("input", { id, name: option.name, type: "text", value: String(option.default ?? "") });
}

function optionValue(option, control) {
  if (option.choices) return JSON.parse(control.value);
  if (option.type === "bool") return control.checked;
  if (option.type === "int") return parseInt(control.value, 10);
  if (option.type === "float") return parseFloat(control.value);
  return control.value;
}

function seatControl(role, index, game) {
  const kinds = ["human", "open", ...game.bots.map((b) => `bot:${b}`)];
  const chosen = index === 0 ? "human" : game.bots.includes("heuristic") ? "bot:heuristic" : `bot:${game.bots[0]}`;
  return el("select", { id: `seat-${role}`, name: role, dataset: { role } }, kinds.map((kind) => el("option",
    { value: kind, selected: kind === chosen },
    kind === "human" ? t("new.seat.human") : kind === "open" ? t("new.seat.open") : t("seat.bot", { kind: botName(kind.slice(4)) }))));
}

/** After creating: the invitations of the open seats and the way to my seat. */
function created(made, request, app) {
  const mine = Object.entries(request.seats).filter(([, kind]) => kind === "human").map(([role]) => role);
  for (const role of mine) keepSeat(made.id, role, made.seats[role].token);
  const invites = Object.entries(request.seats).filter(([, kind]) => kind === "open").map(([role]) => role);
  if (!invites.length && mine.length) {
    window.location.href = made.seats[mine[0]].url;
    return;
  }
  app.replaceChildren(el("section", { class: "panel", id: "created", dataset: { game: made.id } },
    el("h1", {}, t("new.created")),
    el("p", {}, t("new.invite_text")),
    el("ul", { class: "invites" }, invites.map((role) => el("li", { dataset: { role } },
      el("strong", {}, roleName(role)), copyBox(made.seats[role].url, t("new.invite_for", { role: roleName(role) }))))),
    mine.length
      ? el("a", { href: made.seats[mine[0]].url, class: "button", id: "to-my-seat" }, t("new.to_my_seat", { role: roleName(mine[0]) }))
      : el("p", {}, t("new.no_seat_of_mine"))));
}

function gameForm(games, app, user) {
  const gameChoice = el("select", { id: "new-game", name: "game" }, games.map((g) => el("option", { value: g.id }, gameName(g))));
  const body = el("div", { class: "game-setup" });
  const pace = el("select", { id: "new-pace", name: "pace" }, PACES.map((p) => el("option", { value: p }, paceName(p))));
  const open = el("input", { id: "new-public", name: "public", type: "checkbox", checked: true });
  const reasons = el("select", { id: "new-bot-reasons", name: "bot_reasons" });
  const drawReasons = () => {
    const chosen = reasons.value;
    const auto = reasonsDefault(controls.seats.map(([, control]) => control.value));
    reasons.replaceChildren(...BOT_REASONS.map((r) => el("option", { value: r, selected: r === chosen },
      r ? t(`new.bot_reasons.${r}`) : t("new.bot_reasons.default", { choice: t(`new.bot_reasons.${auto}`) }))));
  };  let controls = { options: [], seats: [] };
  const submit = el("button", { type: "submit", id: "new-submit" }, t("new.submit"));

  const drawGame = () => {
    const game = games.find((g) => g.id === gameChoice.value) || games[0];
    const scenarioChoice = el("select", { id: "new-scenario", name: "scenario" },
      game.scenarios.map((sc) => el("option", { value: sc.id, selected: sc.id === "two_rivers" }, scenarioName(sc))));
    const summary = el("p", { class: "summary" });
    const seats = el("fieldset", { class: "seats" });
    const drawScenario = () => {
      const scenario = game.scenarios.find((sc) => sc.id === scenarioChoice.value) || game.scenarios[0];
      summary.textContent = scenarioSummary(scenario);
      const roles = rolesNow(scenario);
      if (seats.dataset.roles === roles.join() && seats.dataset.scenario === scenario.id) return; // seats kept
      seats.dataset.roles = roles.join();
      seats.dataset.scenario = scenario.id;
      controls.seats = roles.map((role, i) => [role, seatControl(role, i, game)]);
      seats.replaceChildren(el("legend", {}, t("new.seats")), el("p", { class: "help" }, t("new.seats_help")),
        ...controls.seats.map(([role, control]) => field(roleName(role), control)));
      for (const [, control] of controls.seats) control.addEventListener("change", drawReasons);
      drawReasons();
    };
    // the seats follow an option that changes the roles (the number of players, 1.1 B)
    const rolesNow = (scenario) => {
      const chosen = Object.fromEntries(controls.options.map(([o, control]) => [o.name, optionValue(o, control)]));
      const variant = (scenario.role_variants || []).find((v) => chosen[v.option] === v.value);
      return variant ? variant.roles : scenario.roles;
    };
    scenarioChoice.addEventListener("change", drawScenario);
    controls = { game, scenario: scenarioChoice, options: game.options.map((o) => [o, optionControl(o)]), seats: [] };
    for (const [, control] of controls.options) control.addEventListener("change", drawScenario);
    drawScenario();
    body.replaceChildren(field(t("new.scenario"), scenarioChoice), summary, seats,
      el("details", { class: "options" }, el("summary", {}, t("new.options")),
        el("p", { class: "help" }, t("new.options_help")),
        ...controls.options.map(([o, control]) => (control.type === "checkbox" ? checkField : field)(
          optionName(o), control, optionHelp(o)))));
  };
  gameChoice.addEventListener("change", drawGame);
  drawGame();

  const form = el("form", {
    class: "panel", id: "new-form",
    onsubmit: async (event) => {
      event.preventDefault();
      const options = {};
      for (const [option, control] of controls.options) {
        const value = optionValue(option, control);
        if (typeof value === "number" && Number.isNaN(value)) {
          formError(form, t("new.bad_number", { option: optionName(option) }));
          return;
        }
        if (value !== option.default) options[option.name] = value;
      }
      const request = {
        game: controls.game.id, scenario: controls.scenario.value, options,
        seats: Object.fromEntries(controls.seats.map(([role, control]) => [role, control.value])),
        pace: pace.value || null, public: open.checked,
      };
      if (reasons.value) request.bot_reasons = reasons.value;
      submit.disabled = true;
      try {
        created(await api("/api/games", { method: "POST", body: request }), request, app);
      } catch (err) {
        formError(form, errorText(err, { 401: "new.login_needed" }));
        submit.disabled = false;
      }
    },
  }, el("h1", {}, t("new.title")),
  field(t("new.game"), gameChoice), body,
  field(t("new.pace"), pace, t("new.pace_help")),
  field(t("new.bot_reasons"), reasons, t("new.bot_reasons_help")),
  checkField(t("new.public"), open),
  user ? null : el("p", { class: "muted" }, t("new.guest")),
  el("div", { class: "row" }, submit));
  return form;
}

start(async ({ user, app }) => {
  setTitle(t("new.title"));
  app.replaceChildren(gameForm(await loadCatalog(), app, user));
  app.dataset.ready = "1";
});
