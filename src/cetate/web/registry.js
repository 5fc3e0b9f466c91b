// The game modules of the client: each game's table module (games/<id>.js: it draws the board and the
// controls from ctx), loaded by the game's id when a page needs it. A game without one still plays: it gets the
// generic table (table/generic.js), which draws the view's fields readably and offers every legal action as a
// button in the game's own words.
export async function gameModule(id) {
  try {
    const mod = await import(`./games/${id}.js`);
    return mod.default || {};
  } catch (e) {
    console.info("no table module for", id, "- the generic table draws it", e);
    const generic = await import("./table/generic.js");
    return generic.default;
  }
}
