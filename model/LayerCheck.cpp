// The program of each layer check (model/CMakeLists.txt): it calls nothing;
// what matters is that the layer's whole archive links with only the
// libraries the layer names.
int main() { return 0; }
