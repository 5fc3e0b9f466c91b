// Dialogs and toasts. A game module asks for a dialog with a spec {title, body, buttons, kind, onClose, cls}:
// "required" (a choice the player must make; it covers the table, and the player may fold it away to look at
// the table) or "picker" (a choice the player opened and may close).
import * as i18n from "../i18n.js";
import { h, clear, icon } from "../dom.js";

// A dialog built from a spec; `extra`: a list of elements shown under its body (the hint and take-back buttons
// of a choice that covers the table).
export function renderDialog(spec, { onHide, extra } = {}) {
  const t = i18n.t;
  const closeBtn = spec.kind === "picker" && spec.onClose
    ? h("button", { type: "button", class: "icon-button dialog-close", title: t("web.table.close"), "aria-label": t("web.table.close"), onclick: spec.onClose }, icon("close"))
    : null;
  const hideBtn = spec.kind === "required" && onHide
    ? h("button", { type: "button", class: "button ghost small dialog-hide", onclick: onHide }, t("web.table.look_at_table"))
    : null;
  const buttons = (spec.buttons || []).filter(Boolean);
  const box = h("div", { class: ["dialog", spec.cls], role: "dialog", "aria-modal": "true", "aria-label": spec.title },
    h("div", { class: "dialog-head" }, h("h2", null, spec.title), hideBtn, closeBtn),
    h("div", { class: "dialog-body" }, spec.body),
    extra && extra.length ? h("div", { class: "dialog-extra" }, extra) : null,
    buttons.length ? h("div", { class: "dialog-buttons" }, buttons) : null);
  const overlay = h("div", { class: ["overlay", spec.kind] }, box);
  if (spec.kind === "picker" && spec.onClose) overlay.addEventListener("click", (e) => { if (e.target === overlay) spec.onClose(); });
  return overlay;
}

// The game's dialog of the moment, in its layer. A required choice folded away ("look at the table") leaves a
// button that brings it back; it opens again by itself when another choice comes.
export class DialogLayer {
  // rerender: redraws the page (folding and unfolding)
  constructor(rerender) {
    this.rerender = rerender;
    this.el = h("div", { class: "tp-dialog-layer" });
    this.hidden = false;
    this.title = null;
  }

  // whether `dialog` covers the table now (then it carries the hint and take-back buttons, not the bar)
  covers(dialog) {
    return !!dialog && dialog.kind === "required" && !(this.hidden && dialog.title === this.title);
  }

  // extra(): the elements a covering dialog shows under its body; toaster: the page's Toast, whose message of the
  // moment shows inside the dialog (so that it never covers the dialog's cards or buttons)
  render(dialog, extra, toaster = null) {
    const t = i18n.t;
    clear(this.el);
    if (!dialog) { this.title = null; if (toaster) toaster.inDialog(null); return; }
    if (dialog.title !== this.title) { this.title = dialog.title; this.hidden = false; }
    if (this.hidden && dialog.kind === "required") {
      this.el.append(h("button", { type: "button", class: "button primary dialog-restore", onclick: () => { this.hidden = false; this.rerender(); } }, t("web.table.back_to_choice", { title: dialog.title })));
    } else {
      const more = dialog.kind === "required" ? extra().filter(Boolean) : null;
      const overlay = renderDialog(dialog, { onHide: () => { this.hidden = true; this.rerender(); }, extra: more });
      this.el.append(overlay);
      if (toaster) toaster.inDialog(overlay.querySelector(".dialog"));
      return;
    }
    if (toaster) toaster.inDialog(null);
  }

  blank() {
    clear(this.el);
  }
}

// A short message at the bottom of the page (an error, "taken back", "new link made"). While a dialog is open the
// message shows inside it, above its buttons, instead of floating over it (on a phone the dialog fills the screen).
export class Toast {
  constructor() {
    this.el = h("div", { class: "toast", role: "status", "aria-live": "polite" });
    this.timer = null;
    this.text = "";
    this.kind = "";
    this.dialog = null; // the open dialog's box, or null
  }

  show(text, kind = "") {
    this.text = text;
    this.kind = kind;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => { this.text = ""; this.draw(); }, 4500);
    this.draw();
  }

  // the dialog now open (its .dialog box), or null: the message moves there and back
  inDialog(box) {
    this.dialog = box && box.isConnected !== false ? box : null;
    this.draw();
  }

  draw() {
    const box = this.dialog && this.dialog.isConnected ? this.dialog : null;
    this.el.textContent = this.text;
    this.el.className = `toast ${this.text && !box ? "show" : ""} ${this.kind}`.trim();
    for (const old of document.querySelectorAll(".dialog-toast")) old.remove();
    if (box && this.text) {
      const line = h("div", { class: ["dialog-toast", this.kind], role: "status", "aria-live": "polite" }, this.text);
      const buttons = box.querySelector(":scope > .dialog-buttons");
      if (buttons) box.insertBefore(line, buttons); else box.append(line);
      line.scrollIntoView({ block: "nearest" });
    }
  }
}
