import type en from "../en";
import type { CatalogOf } from "../../catalog-types";
import common from "./common";

export default { common } satisfies { [N in keyof typeof en]: CatalogOf<(typeof en)[N]> };
