// The system libyaml (Debian/Ubuntu: libyaml-dev; macOS: brew install libyaml), found with
// pkg-config's yaml-0.1. Only the event parser is used.
#include <yaml.h>
