// Just enough of a DOM for the client's helpers that build elements (dom.js `h`, the kit's buttons) to run
// under node: elements with attributes, classes, dataset, style, children, text and click listeners.
// installDom() puts `document`, `Node` and a `localStorage` on globalThis; it returns the storage.

class FakeNode {
  constructor() {
    this.childNodes = [];
    this.parentNode = null;
  }

  appendChild(child) {
    child.parentNode = this;
    this.childNodes.push(child);
    return child;
  }

  append(...children) {
    for (const c of children) this.appendChild(typeof c === "string" ? new FakeText(c) : c);
  }

  get firstChild() { return this.childNodes[0] || null; }

  removeChild(child) {
    this.childNodes = this.childNodes.filter((c) => c !== child);
    child.parentNode = null;
    return child;
  }

  get textContent() { return this.childNodes.map((c) => c.textContent).join(""); }
}

class FakeText extends FakeNode {
  constructor(text) {
    super();
    this.data = String(text);
  }

  get textContent() { return this.data; }
}

class FakeClassList {
  constructor(el) { this.el = el; }
  get list() { return this.el.className.split(/\s+/).filter(Boolean); }
  contains(c) { return this.list.includes(c); }
  add(...cs) { this.el.className = [...new Set([...this.list, ...cs])].join(" "); }
  remove(...cs) { this.el.className = this.list.filter((x) => !cs.includes(x)).join(" "); }
  toggle(c, on = !this.contains(c)) { if (on) this.add(c); else this.remove(c); return on; }
}

class FakeElement extends FakeNode {
  constructor(tag) {
    super();
    this.tagName = tag.toUpperCase();
    this.className = "";
    this.attributes = {};
    this.dataset = {};
    this.style = {};
    this.listeners = {};
    this.classList = new FakeClassList(this);
    this.markup = null;
  }

  setAttribute(k, v) { this.attributes[k] = String(v); }
  getAttribute(k) { return k in this.attributes ? this.attributes[k] : null; }
  addEventListener(type, fn) { (this.listeners[type] ||= []).push(fn); }
  click() { for (const fn of this.listeners.click || []) fn({ type: "click", target: this }); }

  // a <template>'s markup becomes one element that remembers it (enough for fromMarkup)
  set innerHTML(markup) {
    this.markup = markup;
    const tag = /^<([a-zA-Z0-9-]+)/.exec(markup);
    const el = new FakeElement(tag ? tag[1] : "div");
    el.markup = markup;
    this.content = { firstElementChild: el };
  }

  get innerHTML() { return this.markup || ""; }
}

export function installDom() {
  const data = new Map();
  const storage = {
    getItem: (k) => (data.has(k) ? data.get(k) : null),
    setItem: (k, v) => { data.set(k, String(v)); },
    removeItem: (k) => { data.delete(k); },
    clear: () => data.clear(),
  };
  globalThis.Node = FakeNode;
  globalThis.document = {
    createElement: (tag) => new FakeElement(tag),
    createTextNode: (text) => new FakeText(text),
  };
  globalThis.localStorage = storage;
  return storage;
}
