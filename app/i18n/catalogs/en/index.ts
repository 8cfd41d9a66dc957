import api from "./api";
import auth from "./auth";
import common from "./common";
import manage from "./manage";
import validation from "./validation";

/** Every English namespace. Each domain adds its own file here and in ../fa/index.ts. */
export default { api, auth, common, manage, validation };
