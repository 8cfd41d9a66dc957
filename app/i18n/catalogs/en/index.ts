import api from "./api";
import auth from "./auth";
import builds from "./builds";
import comments from "./comments";
import common from "./common";
import content from "./content";
import editor from "./editor";
import importing from "./import";
import install from "./install";
import items from "./items";
import mail from "./mail";
import manage from "./manage";
import media from "./media";
import nostr from "./nostr";
import settings from "./settings";
import traffic from "./traffic";
import validation from "./validation";

/** Every English namespace. Each domain adds its own file here and in ../fa/index.ts. */
export default {
  api,
  auth,
  builds,
  comments,
  common,
  content,
  editor,
  import: importing,
  install,
  items,
  mail,
  manage,
  media,
  nostr,
  settings,
  traffic,
  validation,
};
