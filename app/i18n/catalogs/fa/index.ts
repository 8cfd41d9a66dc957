import type en from "../en";
import type { CatalogOf } from "../../catalog-types";
import api from "./api";
import comments from "./comments";
import common from "./common";
import install from "./install";
import validation from "./validation";

export default { api, comments, common, install, validation } satisfies { [N in keyof typeof en]: CatalogOf<(typeof en)[N]> };
