// The site's picker: the games with their pitch, rules and games in progress, the chosen game's
// options, seats (pass-and-play), bot level, seed, explanations and undo, a game file to load; and
// the statistics or finished games (home.js) in its place.
import { $, focusInView, h, present } from "../dom.js";
import { rendererOf } from "../games/index.js";
import { ERROR, OP } from "../generated/wire.js";
import { resumeLine, showHomePage, unopenedSaves } from "../home.js";
import { pick, saveProblem, t } from "../i18n.js";
import { playersAndLength } from "../learn.js";
import { levelText } from "../levels.js";
import { unavailableReason } from "../plugins.js";
import { initialRoles, seatRoles } from "../seats.js";
import { handPieces } from "../table-screens.js";
import { openRules } from "./help.js";
import { LOADING_STAGES } from "./loading.js";
import { hideMessage, showError, showMessage } from "./page.js";
import { explainChosen, ownGameSettings, prefs, rememberPrefs } from "./prefs.js";
import { openShare } from "./share-dialog.js";
import { HUMAN_SEAT } from "./site.js";

function optionField(option, value) {
  const id = `option-${option.name}`;
  const label = pick(option.label) || option.name;
  let input;
  if (option.type === "bool") {
    input = h("input", { id, name: option.name, type: "checkbox", checked: value === true });
  } else if (option.type === "choice") {
    input = h("select", { id, name: option.name },
      option.choices.map((choice, i) => h("option", { value: JSON.stringify(choice),
        text: pick(option.choice_labels?.[i]) || String(choice), selected: choice === value })));
  } else {
    input = h("input", { id, name: option.name, type: "number", inputmode: "numeric", value,
      min: option.min, max: option.max });
  }
  const help = pick(option.help);
  return h("div", { class: `field field-${option.type}`, "data-option": option.name },
    option.type === "bool" ? [input, h("label", { for: id, text: label })] : [h("label", { for: id, text: label }), input],
    help && h("p", { class: "fine", id: `${id}-help`, text: help }));
}

function readOption(form, option) {
  const input = form.elements[option.name];
  if (option.type === "bool") return input.checked;
  if (option.type === "choice") return JSON.parse(input.value);
  return Number(input.value);
}

// Whether `option` of `game` matters with what the form says now (its `applies_when`, from the
// rules: Chains' mode only for the solitaire, its cube only for two). One that does not is hidden
// and left out of the game's options, which then has its default; so is one that depends on it.
function applies(game, form, option) {
  return Object.entries(option.applies_when ?? {}).every(([name, values]) => {
    if (name === "players") {
      return values.includes(form.elements.players ? Number(form.elements.players.value) : seatRange(game).min);
    }
    const other = game.options.find((o) => o.name === name);
    return values.includes(applies(game, form, other) ? readOption(form, other) : other.default);
  });
}

// The number of players the form says, while it is one the table can show; else null.
function typedPlayers(game, form) {
  const typed = form.elements.players ? Number(form.elements.players.value) : seatRange(game).min;
  const { min, max } = seatRange(game);
  return Number.isInteger(typed) && typed >= min && typed <= max ? typed : null;
}

// How many players the table can show: the game's own range, narrowed by its renderer (which may
// draw fewer seats on screen than the rules allow) and with the renderer's preferred default.
function seatRange(game) {
  const [min, max] = game.players;
  const shown = rendererOf(game.id).players ?? {};
  return { min, max: Math.min(max, shown.max ?? max), default: shown.default ?? min };
}

export class Picker {
  /** @param {import("./site.js").Site} site */
  constructor(site) {
    this.site = site;
    this.starting = false; // a new game is being opened: no second one meanwhile
  }

  // roles: the seat choice to show at first (a picker redrawn in another language keeps what was chosen)
  // The picker; `keep`: what a picker being drawn again had chosen (its game and level, and that game's
  // options, number of players, explanations and undo as they were set; `roles`, its seats).
  /** @param {{roles?: string[] | null, keep?: Record<string, any>}} [choice] */
  show({ roles = null, keep = {} } = {}) {
    const { site } = this;
    const { games } = site.catalog;
    const remembered = prefs();
    const { failed } = site.catalog; // the games the engine could not load: shown, never chosen
    const playable = games.filter((game) => !failed.has(game.id));
    let chosen = playable.find((game) => game.id === (keep.game ?? remembered.game)) ?? playable[0] ?? games[0];
    let kept = keep.game === chosen.id ? keep : null; // for the first drawing of the options only
    const section = $("picker");
    const showApplicable = () => {
      for (const option of chosen.options) {
        optionsBox.querySelector(`[data-option="${option.name}"]`).hidden = !applies(chosen, form, option);
      }
    };
    const optionsChanged = (event) => {
      showApplicable();
      if (event.target.name === "players") {
        drawRoles();
        drawLevels();
      }
    };
    const optionsBox = h("div", { class: "options", oninput: optionsChanged, onchange: optionsChanged });
    // who plays each seat (pass-and-play): with two or more people here, undo is off
    /** @type {ReturnType<typeof seatRoles> | null} drawn with the options (drawRoles) */
    let seatChoice = null;
    const rolesBox = h("div", { class: "roles-box" });
    let undoChosen = kept?.undo ?? remembered.undo !== false; // the player's own choice, given back once one person plays
    const showUndoChoice = (seatsRoles) => {
      const several = seatsRoles.filter((role) => role !== "bot").length > 1;
      const undoBox = form.elements.allowUndo;
      if (!undoBox.disabled) undoChosen = undoBox.checked;
      undoBox.disabled = several;
      undoBox.checked = !several && undoChosen;
      $("allow-undo-help").textContent = t(several ? "undoOffPeople" : "allowUndoHelp");
    };
    // redrawn as the number of players is typed (not on its change, which comes as the field loses the
    // focus: to a tap on a seat's choice, which would then land on a row that is gone)
    /** @param {string[] | null} [shown] the roles to show (given, or kept from another drawing) */
    const drawRoles = (shown = null) => {
      const typed = typedPlayers(chosen, form);
      if (seatChoice && (typed === null || (shown === null && typed === seatChoice.roles().length))) return;
      const players = typed ?? seatRange(chosen).min;
      const before = shown ?? seatChoice?.roles() ?? (remembered.game === chosen.id ? remembered.roles : null);
      const keptRoles = before && Array.from({ length: players }, (_, seat) => before[seat] ?? "bot");
      seatChoice = seatRoles(players, initialRoles(players, keptRoles), showUndoChoice);
      rolesBox.replaceChildren(...players > 1 ? [seatChoice.element] : []);
      showUndoChoice(seatChoice.roles());
    };
    const drawOptions = () => {
      const given = kept;
      kept = null;
      const values = given?.options ?? (remembered.game === chosen.id ? remembered.options ?? {} : {});
      const seats = seatRange(chosen);
      const players = seats.min === seats.max ? null : optionField(
        { name: "players", type: "int", label: { en: t("players"), ja: t("players") }, help: {},
          min: seats.min, max: seats.max },
        given?.players ?? (remembered.game === chosen.id && remembered.players ? remembered.players : seats.default));
      optionsBox.replaceChildren(...[players, ...chosen.options.map((option) =>
        optionField(option, values[option.name] ?? option.default))].filter(Boolean));
      showApplicable();
      // A game may name its seed for what it is (a solitaire's deal number, say).
      const seedField = rendererOf(chosen.id).seedField ?? { label: "seed", help: "seedHelp" };
      $("seed-label").textContent = t(seedField.label);
      $("seed-help").textContent = t(seedField.help);
      $("explain-choice").checked = given?.explain ?? explainChosen(remembered, chosen.id);
      seatChoice = null;
      drawRoles(roles);
      roles = null; // the roles given are for the first drawing only: another game starts from its own
      drawLevels();
    };
    // The levels the game offers at the number of players typed (Python's: catalog.js offeredLevels),
    // the one chosen (or remembered) selected where offered, else the one fitted to the game (a remembered
    // expert in a game whose strongest is hard: hard); chosen again once offered (Chains at 3 after 1).
    let levelChosen = keep.level ?? remembered.level ?? "normal";
    const drawLevels = () => {
      const players = typedPlayers(chosen, form) ?? seatRange(chosen).min;
      const shown = site.catalog.fitLevel(chosen.id, players, levelChosen);
      $("level").replaceChildren(...site.catalog.offeredLevels(chosen.id, players).map((entry) => h("option", {
        value: entry.name, text: levelText(entry).name, selected: entry.name === shown })));
      this.showLevelHelp();
    };
    // Each game says what it is in a line (its how-to-play document's pitch), for how many and how long,
    // and offers its rules.
    const choose = (game) => {
      chosen = game;
      for (const button of section.querySelectorAll(".game-choice")) {
        button.setAttribute("aria-pressed", String(button.dataset.game === game.id));
      }
      drawOptions();
    };
    // A game the engine could not load is there, unavailable, saying why; it cannot be chosen.
    const gameCards = games.map((game) => {
      const failure = failed.get(game.id);
      return h("div", { class: "game-card", "data-unavailable": Boolean(failure) }, h("button", {
        type: "button", class: "game-choice", "aria-pressed": String(game === chosen), "data-game": game.id,
        disabled: Boolean(failure), "aria-describedby": failure ? `unavailable-${game.id}` : null,
        onclick: () => choose(game),
      }, h("strong", { text: pick(game.title) }),
      game.pitch && h("span", { class: "game-pitch", text: pick(game.pitch) }),
      h("span", { class: "fine", text: playersAndLength(game, game.length) })),
      failure ? h("p", { class: "game-unavailable", id: `unavailable-${game.id}`,
        text: t("pickerUnavailable", { message: unavailableReason(failure) }) }) : [
        game.pitch && h("button", { type: "button", class: "ghost how-to-play", "data-rules": game.id,
          "aria-label": t("howToPlayLabel", { game: pick(game.title) }), text: t("howToPlay"),
          onclick: () => openRules(site, game) }),
        // its game in progress, if any: Resume it, or choose the game for a new one (the options below)
        resumeLine(game, { onResume: (record) => site.games.resumeGame(record), onNew: () => {
          choose(game);
          focusInView($("start"));
        } })]);
    });
    const form = h("form", { class: "start-form", onsubmit: (event) => {
      event.preventDefault();
      this.startGame(chosen, form, present(seatChoice, "the seats' choice").roles());
    } },
    h("fieldset", {}, h("legend", { text: t("gameOptions") }), optionsBox, rolesBox,
      h("div", { class: "field" }, h("label", { for: "level", text: t("botLevel") }),
        h("select", { id: "level", name: "level", "aria-describedby": "level-help", onchange: () => {
          levelChosen = $("level").value;
          this.showLevelHelp();
        } }),
        h("p", { class: "fine", id: "level-help" })),
      h("div", { class: "field" }, h("label", { for: "seed", id: "seed-label", text: t("seed") }),
        // text, not a number field: a seed has up to 20 digits, and what is typed goes to Python as typed
        h("input", { id: "seed", name: "seed", type: "text", inputmode: "numeric", autocomplete: "off",
          spellcheck: "false", "aria-describedby": "seed-help", oninput: () => this.showLevelHelp() }),
        h("p", { class: "fine", id: "seed-help", text: t("seedHelp") })),
      h("div", { class: "field field-bool" },
        h("input", { id: "explain-choice", name: "explain", type: "checkbox", "aria-describedby": "explain-help" }),
        h("label", { for: "explain-choice", text: t("explain") }),
        h("p", { class: "fine", id: "explain-help", text: t("explainHelp") })),
      h("div", { class: "field field-bool" },
        h("input", { id: "allow-undo", name: "allowUndo", type: "checkbox", checked: undoChosen,
          "aria-describedby": "allow-undo-help" }),
        h("label", { for: "allow-undo", text: t("allowUndo") }),
        h("p", { class: "fine", id: "allow-undo-help", text: t("allowUndoHelp") }))),
    h("div", { class: "form-actions" },
      site.pythonReady ? null : h("p", { id: "picker-status", class: "fine picker-status", role: "status",
        text: t(LOADING_STAGES[site.loadingStage][0]) }),
      site.session && h("button", { type: "button", class: "ghost", id: "back-to-game", text: t("backToGame"),
        onclick: () => site.showOnly("game") }),
      h("button", { type: "submit", id: "start", class: "primary", text: t("start") })));
    const fileInput = h("input", { type: "file", id: "load-file", accept: ".json,application/json",
      onchange: () => this.loadFile(fileInput.files[0]) });
    section.replaceChildren(
      h("div", { class: "home-nav" },
        h("button", { type: "button", class: "ghost", id: "open-stats", text: t("hmStats"), onclick: () => this.openHomePage("stats") }),
        h("button", { type: "button", class: "ghost", id: "open-history", text: t("hmHistory"),
          onclick: () => this.openHomePage("history") })),
      // (null when there is none: replaceChildren would write it as text)
      ...[unopenedSaves({ title: (id) => pick(site.catalog.title(id)), onChange: () => this.redraw() })].filter(Boolean),
      h("h2", { id: "picker-title", text: t("pickGame") }),
      h("div", { class: "game-list" }, gameCards),
      form,
      h("div", { class: "field load-file" }, h("label", { for: "load-file", text: t("loadFile") }), fileInput),
    );
    drawOptions();
    section.dataset.saves = site.savesKnown ? "read" : "";
    site.showOnly("picker");
  }

  // The picker drawn again (a new language, the games in progress read): what was typed and chosen stays.
  redraw() {
    const { games } = this.site.catalog;
    const typedSeed = $("seed")?.value ?? "";
    const id = /** @type {HTMLElement | null} */ (document.querySelector('.game-choice[aria-pressed="true"]'))?.dataset.game;
    const game = games.find((entry) => entry.id === id);
    const form = /** @type {any} */ (document.querySelector("#picker .start-form"));
    const set = form && game && {
      // a number field as typed (perhaps emptied to type another): its text
      options: Object.fromEntries(game.options.map((option) => [option.name,
        option.type === "int" ? form.elements[option.name].value : readOption(form, option)])),
      players: form.elements.players?.value,
      explain: form.elements.explain.checked,
      undo: form.elements.allowUndo.disabled ? undefined : form.elements.allowUndo.checked, // off for several people
    };
    this.show({ roles: [...document.querySelectorAll("#seat-roles input:checked")].map((input) => /** @type {HTMLInputElement} */ (input).value),
      keep: { game: id, level: $("level")?.value, ...set } });
    $("seed").value = typedSeed;
    this.showLevelHelp();
  }

  // The chosen level's line, for the game Start would begin: from a seed (startGame's `seeded`), its
  // searching levels play by their sample budgets; the last level offered is the game's strongest.
  showLevelHelp() {
    const select = /** @type {HTMLSelectElement} */ ($("level"));
    const game = /** @type {HTMLElement | null} */ (document.querySelector('.game-choice[aria-pressed="true"]'))?.dataset.game;
    // as the game plays it: its hard bot's time budget may be its own (catalog.js offeredLevels)
    const level = this.site.catalog.offeredLevels(game).find((entry) => entry.name === select.value);
    $("level-help").textContent = levelText(level, { pieces: handPieces(game), seeded: $("seed").value.trim() !== "",
      strongest: select.value === select.options[select.options.length - 1].value }).help;
  }

  // The statistics or the finished games (home.js), in place of the picker.
  async openHomePage(page) {
    const { site } = this;
    await site.gamesKnown;
    await showHomePage($("home-page"), {
      page, games: site.catalog.games,
      onShare: (entry) => openShare(site, { game: entry.game, seed: entry.seed, save: entry.text, is_over: true }),
      onBack: () => this.show(),
      // an import or a clear replaced the saves: the table's game may be gone, and is closed
      onReplaced: () => site.life.close(),
    });
    site.showOnly("home-page");
    $("home-title").focus();
  }

  // roles: who plays each seat (seats.js seatRoles): the person starting holds the device first.
  async startGame(game, form, roles) {
    if (this.starting) return;
    const unavailable = this.site.catalog.failed.get(game.id);
    if (unavailable) { // chosen before the engine said it could not load it
      showMessage(() => t("pickerUnavailable", { message: unavailableReason(unavailable) }), null, "Unavailable");
      return;
    }
    const options = Object.fromEntries(game.options.filter((option) => applies(game, form, option))
      .map((option) => [option.name, readOption(form, option)]));
    const level = form.elements.level.value;
    const people = roles.flatMap((role, seat) => (role === "bot" ? [] : [seat]));
    const undo = form.elements.allowUndo.checked && people.length === 1;
    const explain = form.elements.explain.checked;
    const seedText = form.elements.seed.value.trim();
    /** @type {Record<string, any>} */
    const request = { game: game.id, seat: roles.indexOf("you"), options };
    if (people.length > 1) request.people = people;
    const players = form.elements.players ? Number(form.elements.players.value) : null;
    if (players !== null) request.players = players;
    // The engine checks the seed: a bad one comes back as a readable error.
    if (seedText !== "") request.seed = seedText;
    this.starting = true;
    // Started before Python is ready, the game waits in the worker's queue: the button says so.
    const startButton = $("start");
    startButton.disabled = true;
    const reply = await this.site.engine.call(OP.new, request);
    this.starting = false;
    startButton.disabled = false;
    const failure = this.site.catalog.failed.get(game.id);
    if (!reply.ok && reply.error.type === ERROR.BadPlugin && failure) { // the engine's own words are Python's
      showMessage(() => t("pickerUnavailable", { message: unavailableReason(failure) }), null, reply.error.type);
      return;
    }
    if (!reply.ok) {
      showError(reply.error);
      return;
    }
    // "Explain as we play" stays as the player left it for this game, on or off, until they change it
    const remembered = prefs();
    rememberPrefs({ game: game.id, level, options, players, roles,
      undo: people.length === 1 ? undo : remembered.undo, explain: { ...remembered.explain, [game.id]: explain } });
    hideMessage();
    this.site.tables.open(reply, { level, undo, challenge: false, explain, people, seeded: seedText !== "" });
  }

  // A game file (the to_json text a Share dialog downloaded), loaded back as it was left.
  async loadFile(file) {
    if (!file) return;
    const reply = await this.site.engine.call(OP.load, { text: await file.text(), seat: HUMAN_SEAT });
    if (!reply.ok) {
      showMessage(() => t("loadFileFailed", { message: saveProblem(reply.error) }));
      return;
    }
    hideMessage();
    this.site.tables.open(reply, ownGameSettings(reply.snapshot.game));
  }
}
