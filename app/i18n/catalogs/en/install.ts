/**
 * The first-run installer. The English texts of its panels, buttons and messages are part of the product and are
 * kept word for word.
 */
export default {
  title: "Install Daftar",
  intro: "Five short steps from an empty database to a working site with its first administrator.",
  "step.database": "Database connection",
  "step.database.hint": "Database details are entered and verified.",
  "step.schema": "Initialize database schema",
  "step.schema.hint": "Run the migrations that create the tables.",
  "step.defaults": "Load default data",
  "step.defaults.hint": "Roles, settings and the bundled content.",
  "step.admin": "Admin account setup",
  "step.admin.hint": "The first administrator of the site.",
  "step.finish": "Installation complete",
  "step.finish.hint": "The site is ready.",
  stepOf: "Step {current} of {total}",

  "connection.ok.title": "Database Connection Established",
  "connection.ok.description": "Connected to the database successfully. You may proceed with the installation.",
  "connection.fail.title": "No Database Connection",
  "connection.fail.description":
    "Check the database configuration, make sure it is reachable, then refresh. You can also enter another database below.",
  "connection.checking": "Checking the database connection…",
  "connection.driver": "Driver",
  "connection.url": "Database",
  "connection.version": "SQLite version",
  "connection.form.title": "Use another database",
  "connection.form.url": "Database URL",
  "connection.form.urlHint": "A file (file:./data/daftar.db) or a libSQL server (libsql://… or http://…).",
  "connection.form.token": "Auth token (optional)",
  "connection.form.submit": "Check and save",
  "connection.saved": "The database was verified and saved.",

  "schema.ok.title": "Database Schema Initialized",
  "schema.ok.description": "The database schema is initialized. Continue with the default data.",
  "schema.running.title": "Running Migrations",
  "schema.running.description": "Please wait while the migrations are applied.",
  "schema.none.title": "Database Schema Not Initialized",
  "schema.none.description":
    "The database needs initialising before continuing. Click the button to run the migrations.",

  "defaults.ok.title": "Database Ready",
  "defaults.ok.description": "Database setup complete: roles, settings and content are in place.",
  "defaults.running.title": "Preparing Database",
  "defaults.running.description": "Setting up the configuration. This may take a moment.",
  "defaults.none.title": "Database Setup Required",
  "defaults.none.description": "Click the button to load the default data.",

  "admin.firstName": "First name",
  "admin.lastName": "Last name",
  "admin.about": "About",
  "admin.userName": "Username",
  "admin.password": "Password",
  "admin.confirmPassword": "Confirm Password",
  "admin.submit": "Create the administrator",
  "admin.created": "The administrator account is ready. Finish the installation to open the site.",

  "finish.title": "Installation complete",
  "finish.description": "Daftar is installed and the installer is now locked. You are signed in as the administrator.",
  "finish.open": "Open the site",

  "button.start": "Start Installation",
  "button.migrate": "Run Migrations",
  "button.defaults": "Proceed to Defaults app Database",
  "button.retryDefaults": "Load default data",
  "button.admin": "Adding Admin User",
  "button.finish": "Finish Installing",
  "button.previous": "Previous",

  "toast.success": "Success",
  "toast.adminCreated": "User registered successfully",

  "token.title": "Setup token required",
  "token.description":
    "To protect an unfinished installation, the installer asks for the one-time setup token. The server printed an address with it when it started, and wrote the token to the file setup-token in its data folder.",
  "token.label": "Setup token",
  "token.submit": "Continue",
  "token.invalid": "That setup token is not valid.",

  "error.tokenRequired": "A valid setup token is required to use the installer.",
  "error.installed": "Application is already installed",
  "error.notWorking": "Database connection is not working",
  "error.badUrl": "That is not a database URL Daftar can use (file:, libsql://, http:// or https://).",
  "error.schemaMissing": "Database Schema Not Initialized",
  "error.migrationFailed": "Automatic migration failed.",
  "error.defaultsMissing": "Load the default data first.",
  "error.defaultsFailed": "Loading the default data failed.",
  "error.adminExists": "An administrator already exists.",
  "error.adminMissing": "Create the administrator account first.",
  "error.notInstalled": "The site is not installed yet.",
  "error.fileOutsideData": "A database file must be inside the site's data folder (DATA_DIR), in a folder that exists.",
  "error.privateDatabase":
    "That database server is on a private or local address. To use it, set INSTALL_ALLOW_PRIVATE_DATABASE=true and restart.",
} as const;
