import type en from "../en";
import type { CatalogOf } from "../../catalog-types";
import api from "./api";
import auth from "./auth";
import common from "./common";
import manage from "./manage";
import validation from "./validation";

export default { api, auth, common, manage, validation } satisfies { [N in keyof typeof en]: CatalogOf<(typeof en)[N]> };
