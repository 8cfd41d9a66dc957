import type en from "../en";
import type { CatalogOf } from "../../catalog-types";
import api from "./api";
import common from "./common";
import content from "./content";
import validation from "./validation";

export default { api, common, content, validation } satisfies { [N in keyof typeof en]: CatalogOf<(typeof en)[N]> };
