import type en from "../en";
import type { CatalogOf } from "../../catalog-types";
import api from "./api";
import common from "./common";
import install from "./install";
import validation from "./validation";

export default { api, common, install, validation } satisfies { [N in keyof typeof en]: CatalogOf<(typeof en)[N]> };
