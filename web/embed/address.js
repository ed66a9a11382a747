// The embed's address (query and fragment, the fragment wins), checked for form only, and the
// errors the embed says, its own and the engine's (docs/embed.md).
import { ERROR } from "../generated/wire.js";
import { saveProblem, t } from "../i18n.js";
import { ParameterFault, seedParameter, wholeParameter } from "../share.js";

// An error the embed says in words: its key in the string table, and the values the words name.
export class EmbedError extends Error {
  /** @param {string} key @param {Record<string, any>} [values] */
  constructor(key, values) {
    super(key);
    this.key = key;
    this.values = values;
  }
}

// The address's fault, said in the reader's words (`key`: which, in the locale files' embed-address).
/** @param {string} key @param {Record<string, any>} [values] */
export const badParameter = (key, values) => new EmbedError("errBadParam", { detail: t(key, values) });

export function readParameters() {
  const merged = new URLSearchParams(location.search);
  for (const [name, value] of new URLSearchParams(location.hash.slice(1))) merged.set(name, value);
  const get = (name) => merged.get(name) ?? undefined;
  const json = (name) => {
    const text = get(name);
    if (text === undefined) return undefined;
    try {
      const value = JSON.parse(text);
      if (value === null || typeof value !== "object" || Array.isArray(value)) throw new Error("not an object");
      return value;
    } catch {
      throw badParameter("errParamObject", { name });
    }
  };
  const whole = (name) => {
    try {
      return wholeParameter(merged, name);
    } catch (error) {
      throw error instanceof ParameterFault ? badParameter(error.words, { name, text: error.text }) : error;
    }
  };
  const seatText = get("seat");
  /** @type {Record<string, any>} */
  const params = {
    lang: get("lang"),
    game: get("game"),
    players: whole("players"),
    seed: seedParameter(merged), // Python judges it, as for the site's links
    options: json("options"),
    setup: json("setup"),
    seat: seatText === "spectator" ? null : whole("seat") ?? 0,
    level: get("level") ?? "normal",
    scenario: get("scenario"),
    save: get("save"),
  };
  params.mode = get("mode") ?? (params.save ? "replay" : params.scenario ? "example" : "play");
  if (!["play", "example", "replay"].includes(params.mode)) {
    throw badParameter("errParamMode", { mode: params.mode });
  }
  if (params.mode === "replay" && !params.save) {
    throw badParameter("errParamReplay");
  }
  if (params.mode === "example" && !params.scenario) {
    throw badParameter("errParamExample");
  }
  if (params.mode === "play" && !params.game) throw badParameter("errParamGame");
  return params;
}

// The engine's error in the embed's words.
export function fromEngine(error) {
  const detail = error.message;
  if (error.type === ERROR.UnknownGame) return new EmbedError("errOther", { detail });
  if (error.type === ERROR.BadSetup) return new EmbedError("errBadSetup", { detail });
  if (error.type === ERROR.BadRequest) return new EmbedError("errBadParam", { detail }); // seat=99, say
  if (error.type === ERROR.BadSave) return new EmbedError("errBadSave", { detail: saveProblem(error) });
  if (error.type === ERROR.BridgeError) return new EmbedError("errBadSave", { detail });
  if (error.type === ERROR.BadScenario || error.type === ERROR.IllegalAction) return new EmbedError("errBadScenario", { detail });
  return new EmbedError("errOther", { detail });
}
