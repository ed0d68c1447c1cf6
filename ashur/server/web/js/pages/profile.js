import { start } from "../shell.js";

start(async ({ app }) => {
  app.textContent = "";
});
