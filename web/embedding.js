// The bloggers' page: every shipped scenario and a live game, each shown in its own frame next to the
// snippet that embeds it, with this site's own address in it.
import { h, required } from "./dom.js";
import { iframeSnippet } from "./share.js";

const here = new URL("./", location.href).href;

function snippet(id, params, title) {
  return iframeSnippet({ src: `${here}embed.html#${params}&id=${id}`, id, title,
    style: "width:100%;height:600px;border:0", loading: "lazy" }, "style");
}

function item(id, params, title) {
  const code = snippet(id, params, title);
  const text = h("textarea", { class: "gallery-code", readonly: true, rows: 3, "aria-label": `HTML for ${title}` });
  text.value = code;
  return h("article", { class: "gallery-item" },
    h("h3", { text: title }),
    h("iframe", { src: `embed.html#${params}&id=${id}`, id, title, loading: "lazy", class: "gallery-frame" }),
    text,
    h("button", { type: "button", class: "ghost", text: "Copy", onclick: (event) => {
      navigator.clipboard?.writeText(code).then(() => { event.target.textContent = "Copied"; });
    } }));
}

// The documented height message, exactly as a blog would use it.
addEventListener("message", (event) => {
  const data = event.data;
  if (data && data.type === "pygames:height" && typeof data.height === "number") {
    const frame = document.getElementById(data.id);
    if (frame) frame.style.height = `${data.height}px`;
  }
});

const scenarios = await (await fetch("scenarios/index.json")).json();
required(document, "#gallery-examples").append(...scenarios.map((entry) =>
  item(entry.name, `scenario=${entry.name}`, entry.title.en ?? entry.name)));
required(document, "#gallery-live").append(item("live-arsene", "game=arsene&level=normal", "Arsène against bots"));
