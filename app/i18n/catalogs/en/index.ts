import api from "./api";
import comments from "./comments";
import common from "./common";
import install from "./install";
import validation from "./validation";

/** Every English namespace. Each domain adds its own file here and in ../fa/index.ts. */
export default { api, comments, common, install, validation };
