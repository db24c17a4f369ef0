import { loadProfileFlows } from '/work/main/server/profile/load-profile-flows';
console.log(JSON.stringify(loadProfileFlows('flows').checkAnswers({ diag_hair_texture: 'type_4a' })));
