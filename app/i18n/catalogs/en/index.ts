import common from "./common";

/** Every English namespace. Each domain adds its own file here and in ../fa/index.ts. */
export default { common };
