// schedcert: the thin front end's entry point (the application is cli/app.cpp).
#include "cli/commands.hpp"

int main(int argc, char** argv) { return schedcert::cli::run_app(argc, argv); }
