import api from "./api";
import auth from "./auth";
import comments from "./comments";
import common from "./common";
import content from "./content";
import install from "./install";
import items from "./items";
import manage from "./manage";
import nostr from "./nostr";
import settings from "./settings";
import traffic from "./traffic";
import validation from "./validation";

/** Every English namespace. Each domain adds its own file here and in ../fa/index.ts. */
export default { api, auth, comments, common, content, install, items, manage, nostr, settings, traffic, validation };
