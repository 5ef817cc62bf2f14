import CYaml
func probe() -> Int32 { var p = yaml_parser_t(); yaml_parser_initialize(&p); yaml_parser_delete(&p); return 0 }
