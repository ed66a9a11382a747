// The embed's frame and its parent page: the height the frame asks for, the table scaled to the
// frame's height while steps are shown, and the few documented messages a parent may send
// (docs/embed.md).
import { $ } from "../dom.js";
import { LANGUAGES, setLanguage } from "../i18n.js";

// The messages a parent page may send (docs/embed.md); anything else is ignored.
const ACCEPTED = {
  "pygames:get-height": () => true,
  "pygames:set-language": (data) => Object.hasOwn(LANGUAGES, data.lang),
};
const PHONE_SHAPE = 664 / 390;
const SMALLEST_ZOOM = 0.5; // below this the cards could not be read: the frame scrolls instead
const FIT_PASSES = 7; // the scale found to within a hundredth: a few pixels of a table

export class Frame {
  constructor() {
    this.id = ""; // the frame's id, named in its messages to the parent
    // While steps are shown (a scenario's or a replay's), the frame keeps to a phone's screen: it asks for
    // no more height than a phone shows at its width (a phone's screen in its browser, 390×664, is 1.7
    // times as tall as it is wide), and a table taller than the room the frame is given is scaled
    // down, so that the caption, the buttons and the whole table of a step are seen at once. A live game
    // is played at full size: it takes the height it needs.
    this.fitting = false;
  }

  // The height the frame asks for (docs/embed.md), then the table scaled to the frame's own height.
  // The height asked for is the content's at full size (capped), never the scaled one: the frame
  // could otherwise only ever shrink.
  postHeight() {
    const stage = $("embed-stage");
    stage.style.zoom = $("embed-summary").style.zoom = "";
    const natural = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (window.parent !== window) {
      const height = this.fitting ? Math.min(natural, Math.round(innerWidth * PHONE_SHAPE)) : natural;
      window.parent.postMessage({ type: "pygames:height", id: this.id, height }, "*");
    }
    if (!this.fitting || natural <= innerHeight) return;
    // Scaled, the table is laid out wider and may wrap less, so its height is not proportional to the
    // scale: the largest scale that fits is searched for, from a proportional first guess.
    const shown = stage.hidden ? $("embed-summary") : stage;
    const tall = shown.getBoundingClientRect().height;
    const fitsAt = (zoom) => {
      shown.style.zoom = String(zoom);
      return document.documentElement.getBoundingClientRect().height <= innerHeight;
    };
    let fits = SMALLEST_ZOOM;
    let tooBig = 1;
    for (let pass = 0; pass < FIT_PASSES; pass += 1) {
      const zoom = pass === 0 ? Math.max(SMALLEST_ZOOM, (tall - (natural - innerHeight)) / tall) : (fits + tooBig) / 2;
      if (fitsAt(zoom)) fits = zoom;
      else tooBig = zoom;
    }
    shown.style.zoom = String(fits);
  }

  listen(retranslate) {
    window.addEventListener("message", (event) => {
      const { data } = event;
      if (event.source !== window.parent || !data || typeof data !== "object" || !Object.hasOwn(ACCEPTED, data.type)) return;
      if (!ACCEPTED[data.type](data)) return;
      if (data.type === "pygames:set-language") {
        setLanguage(data.lang, { remember: false });
        retranslate();
      }
      this.postHeight();
    });
    new ResizeObserver(() => this.postHeight()).observe(document.documentElement);
    window.addEventListener("resize", () => this.postHeight()); // the parent gave the frame another height: fit to it
  }
}
