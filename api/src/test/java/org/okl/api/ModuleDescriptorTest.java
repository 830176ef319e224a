package org.okl.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.module.ModuleDescriptor;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The api is a named module that needs the JDK's base module only and exports every package it has, nothing more. */
class ModuleDescriptorTest {

    @Test
    void theApiModuleExportsItsPackagesAndRequiresOnlyTheBaseModule() {
        Module module = API.class.getModule();
        assertThat(module.isNamed()).as("tests run on the module path").isTrue();
        ModuleDescriptor descriptor = module.getDescriptor();
        assertThat(descriptor.name()).isEqualTo("org.okl.api");
        assertThat(descriptor.requires()).extracting(ModuleDescriptor.Requires::name).containsExactly("java.base");
        Set<String> exported = descriptor.exports().stream().filter(e -> !e.isQualified())
                .map(ModuleDescriptor.Exports::source).collect(Collectors.toSet());
        assertThat(exported).isEqualTo(descriptor.packages()).contains("org.okl.api.error", "org.okl.api.rows");
    }
}
