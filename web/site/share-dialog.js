// The site's Share dialog: the deal as a link, the finished game as a replay link, an embed, a game file.
import { $, h } from "../dom.js";
import { pick, t } from "../i18n.js";
import { dealParameters, iframeSnippet, packText, siteLink } from "../share.js";

// snap: the game to share, the table's by default (a finished game from the history: its game, seed,
// save text and is_over are enough).
/** @param {import("./site.js").Site} site */
export async function openShare(site, snap = site.onTable() ? site.session.snap : null) {
  if (!snap) return;
  const saved = JSON.parse(snap.save);
  const deal = dealParameters({ ...saved, seed: snap.seed });
  // pass-and-play: the site's link seats the same people (the embed has one person)
  const siteDeal = new URLSearchParams(deal);
  const people = site.onTable() && snap === site.session.snap ? site.session.people : []; // one of the finished games: one person
  if (people.length > 1) siteDeal.set("humans", people.join(","));
  // A finished game's replay shows every hand; a game still being played is shared as its deal only.
  const replay = snap.is_over ? siteLink("embed.html", new URLSearchParams({ save: await packText(snap.save) })) : null;
  const embedCode = iframeSnippet({ src: siteLink("embed.html", deal), title: pick(site.catalog.title(snap.game)),
    style: "width:100%;height:640px;border:0", loading: "lazy" });
  const dialog = $("share-dialog");
  const copyField = (id, label, value, multiline = false) => {
    const field = h(multiline ? "textarea" : "input", { id, readonly: true, rows: multiline ? 3 : null,
      onfocus: (event) => event.target.select() });
    field.value = value;
    return h("div", { class: "field share-field" }, h("label", { for: id, text: label }),
      h("div", { class: "share-row" }, field, h("button", { type: "button", class: "ghost", text: t("copy"),
        onclick: async (event) => {
          field.select();
          try {
            await navigator.clipboard.writeText(value);
            event.target.textContent = t("copied");
          } catch {
            document.execCommand("copy"); // no clipboard API (a plain-http preview): the selection
          }
        } })));
  };
  const file = URL.createObjectURL(new Blob([snap.save], { type: "application/json" }));
  // The deal's link, its embed and the file all carry the seed, hence every hand (a friend's copy of the
  // deal, the picker's seed field and another seat). With several people at this device, any of them
  // could take it away and look at the others' cards: nothing is offered until the game is over.
  const secret = people.length > 1 && !snap.is_over;
  dialog.replaceChildren(
    h("h2", { id: "share-title", text: t("shareTitle") }),
    ...secret ? [h("p", { class: "fine", id: "share-later", text: t("shareLater") })] : [
      copyField("share-deal", t("shareDeal"), siteLink("index.html", siteDeal)),
      replay ? copyField("share-replay", t("shareReplay"), replay) : h("p", { class: "fine", text: t("shareReplayLater") }),
      copyField("share-embed", t("shareEmbed"), embedCode, true),
      h("p", {}, h("a", { id: "share-download", href: file, download: `pygames-${snap.game}-${snap.seed}.json`,
        text: t("download") }))],
    h("form", { method: "dialog", class: "form-actions" }, h("button", { class: "primary", text: t("close") })));
  dialog.addEventListener("close", () => URL.revokeObjectURL(file), { once: true });
  dialog.showModal();
}
