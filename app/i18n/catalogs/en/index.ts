import api from "./api";
import common from "./common";
import content from "./content";
import validation from "./validation";

/** Every English namespace. Each domain adds its own file here and in ../fa/index.ts. */
export default { api, common, content, validation };
