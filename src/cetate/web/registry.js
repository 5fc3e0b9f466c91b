// The game modules of the client: each game's table module (games/<id>.js: it draws the board and the
// controls from ctx), loaded by the game's id when a page needs it. A game without one still plays: the frame
// shows the raw view and offers every legal action as a plain button.
export async function gameModule(id) {
  try {
    const mod = await import(`./games/${id}.js`);
    return mod.default || {};
  } catch (e) {
    console.warn("no table renderer for", id, e);
    return {};
  }
}
