// web/dom.js: what the code knows is there, said by name when it is not.
import "./browser.js";
import assert from "node:assert/strict";
import { test } from "node:test";
import { present, required } from "../../web/dom.js";

test("present gives back what is there, falsy values too, and names what is missing", () => {
  assert.equal(present(0, "the count"), 0);
  assert.equal(present("", "the text"), "");
  assert.throws(() => present(null, "the table"), { message: "the table is missing" });
  assert.throws(() => present(undefined, "the drag"), { message: "the drag is missing" });
});

test("required finds an element under its root, or names the selector it did not find", () => {
  const status = { id: "status" };
  const root = { querySelector: (selector) => (selector === "#status" ? status : null) };
  assert.equal(required(root, "#status"), status);
  assert.throws(() => required(root, "#ch-hint"), { message: "the element #ch-hint is missing" });
});
