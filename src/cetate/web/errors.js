// An error in the reader's words: a network failure, the server's refusal, or anything else. A refusal whose
// code has words of its own (`web.error.code.<code>`: the account and rating refusals, docs/accounts.md) is
// shown in them; any other shows the server's message.
import * as i18n from "./i18n.js";
import { ApiError } from "./api.js";

export function errorText(e) {
  if (e instanceof ApiError) {
    if (e.status === 0) return i18n.t("web.error.network");
    if (e.code && i18n.has(`web.error.code.${e.code}`)) return i18n.t(`web.error.code.${e.code}`);
    return i18n.t("web.error.server", { message: e.message || e.code });
  }
  return i18n.t("web.error.generic", { message: String(e && e.message ? e.message : e) });
}

// The words for one error code (a check the page makes itself before asking the server, with the server's codes)
export function codeText(code) {
  return i18n.has(`web.error.code.${code}`) ? i18n.t(`web.error.code.${code}`) : code;
}
