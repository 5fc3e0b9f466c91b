// An error in the reader's words: a network failure, the server's refusal, or anything else.
import * as i18n from "./i18n.js";
import { ApiError } from "./api.js";

export function errorText(e) {
  if (e instanceof ApiError) {
    if (e.status === 0) return i18n.t("web.error.network");
    return i18n.t("web.error.server", { message: e.message || e.code });
  }
  return i18n.t("web.error.generic", { message: String(e && e.message ? e.message : e) });
}
