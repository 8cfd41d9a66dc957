import type en from "../en";
import type { CatalogOf } from "../../catalog-types";
import api from "./api";
import common from "./common";
import validation from "./validation";

export default { api, common, validation } satisfies { [N in keyof typeof en]: CatalogOf<(typeof en)[N]> };
