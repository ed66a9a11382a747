// The home's two ways of asking the player: a file to download, and a yes or no in a dialog.
import { h } from "../dom.js";
import { t } from "../i18n.js";

// `text` downloaded as the file `name`.
export function download(name, text) {
  const link = h("a", { href: URL.createObjectURL(new Blob([text], { type: "application/json" })),
    download: name, id: "home-download-link", hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href)); // after the download has taken it
}

// The player's yes or no, in a dialog of its own.
export function confirmed(text, yes) {
  const dialog = h("dialog", { class: "home-confirm", id: "home-confirm", "aria-labelledby": "home-confirm-text" },
    h("form", { method: "dialog" },
      h("p", { id: "home-confirm-text", text }),
      h("div", { class: "form-actions" },
        h("button", { value: "no", class: "ghost", id: "home-confirm-no", text: t("hmCancel") }),
        h("button", { value: "yes", class: "primary", id: "home-confirm-yes", text: yes }))));
  document.body.append(dialog);
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => {
      dialog.remove();
      resolve(dialog.returnValue === "yes");
    });
  });
}
